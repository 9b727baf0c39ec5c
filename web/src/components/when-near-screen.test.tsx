import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScreenObserver } from '@/test/screen-observer';
import { WhenNearScreen } from './when-near-screen';

const part = (
  <WhenNearScreen placeholder={<p>Waiting</p>}>
    <p>Built</p>
  </WhenNearScreen>
);

afterEach(() => {
  ScreenObserver.instances = [];
});

describe('WhenNearScreen', () => {
  it('shows the placeholder until its place reaches the screen, then the part, for good', () => {
    vi.stubGlobal('IntersectionObserver', ScreenObserver);
    const { rerender } = render(part);
    const [observer] = ScreenObserver.instances;
    expect(observer?.targets).toHaveLength(1);
    act(() => observer!.report(false));
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    expect(screen.queryByText('Built')).not.toBeInTheDocument();

    act(() => observer!.report(true));
    expect(screen.getByText('Built')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
    // Built once, it no longer watches the screen.
    expect(observer!.targets).toHaveLength(0);
    rerender(part);
    expect(screen.getByText('Built')).toBeInTheDocument();
  });

  it('builds the part as soon as a key is pressed, for a keyboard user to reach its controls', async () => {
    vi.stubGlobal('IntersectionObserver', ScreenObserver);
    render(part);
    expect(screen.queryByText('Built')).not.toBeInTheDocument();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByText('Built')).toBeInTheDocument();
  });

  it('builds the part at once where the browser cannot tell what is on screen', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(part);
    expect(screen.getByText('Built')).toBeInTheDocument();
    expect(screen.queryByText('Waiting')).not.toBeInTheDocument();
  });
});
