import { describe, expect, it } from 'vitest';
import { renderDashboardShell } from './dashboard-shell';

describe("the dashboard's shapes drawn at build time", () => {
  const snapshot = document.createElement('div');
  snapshot.innerHTML = renderDashboardShell();

  // Browser tests and screen readers look for the screen's words and controls: a copy in the
  // snapshot would be found before the app has drawn the screen.
  it('hold no words and nothing to press or type in', () => {
    expect(snapshot.textContent).toBe('');
    expect(snapshot.querySelectorAll('a, button, input, select, textarea, [tabindex], [role]')).toHaveLength(0);
  });

  it('are hidden from assistive technology', () => {
    expect(snapshot.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });

  // A paint that holds only boxes is not the first contentful one: the mark on a wide screen and
  // the help icon on a phone make it so.
  it('draw the brand mark and the help icon of the top bar', () => {
    expect(snapshot.querySelectorAll('header svg')).toHaveLength(2);
  });
});
