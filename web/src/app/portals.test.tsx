import { MantineProvider, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { Profiler, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** A screen with a dialog, closed until its button is pressed; every commit of the screen is recorded. */
function ScreenWithDialog({ commits }: { commits: string[] }) {
  const [opened, setOpened] = useState(false);
  return (
    <Profiler id="screen" onRender={(_id, phase) => commits.push(phase)}>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Dialog">
        Its content
      </Modal>
    </Profiler>
  );
}

describe("a dialog's portal, as the build draws it (vite.config.ts)", () => {
  it('is drawn in the commit that mounts the screen, not in a second render right after', () => {
    const commits: string[] = [];
    render(
      <MantineProvider theme={theme}>
        <ScreenWithDialog commits={commits} />
      </MantineProvider>,
    );
    expect(commits).toEqual(['mount']);
    expect(document.querySelector('[data-mantine-shared-portal-node]')).toBeInTheDocument();
  });

  it('shows the dialog in the shared portal node once opened', async () => {
    render(
      <MantineProvider theme={theme}>
        <ScreenWithDialog commits={[]} />
      </MantineProvider>,
    );
    screen.getByRole('button', { name: 'Open' }).click();
    const dialog = await screen.findByRole('dialog', { name: 'Dialog' });
    expect(dialog).toHaveTextContent('Its content');
    expect(dialog.closest('[data-mantine-shared-portal-node]')).toBeInTheDocument();
  });
});
