import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';
import { themeVariablesCss } from './theme-variables';

/** What Mantine's provider writes into the page for the portal's theme when it computes the variables itself. */
function variablesMantineWrites(): string {
  const html = renderToString(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <p />
    </MantineProvider>,
  );
  const style = new DOMParser().parseFromString(html, 'text/html').querySelector('style[data-mantine-styles]');
  if (!style?.textContent) throw new Error(`Mantine's provider wrote no variables: ${html}`);
  return style.textContent;
}

describe('the theme variables the build puts in the stylesheet', () => {
  it('are, character for character, the ones Mantine would compute at run time', () => {
    expect(themeVariablesCss()).toBe(variablesMantineWrites());
  });

  it("hold the theme's own values: its brand colour, font and readable text colours", () => {
    const css = themeVariablesCss();
    expect(css).toContain('--mantine-color-brand-6: #1c56e3;');
    expect(css).toContain('--mantine-font-family: Inter,');
    expect(css).toContain('--mantine-color-dimmed: #5c636a;');
    expect(css).toContain('--mantine-color-red-filled: #c92a2a;');
  });
});
