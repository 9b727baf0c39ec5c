import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BATCH_FILTER_TOAST_MS } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { BatchFilterPanel } from './batch-filter-panel';

// Mid-month, so that the days these tests pick are never after today, the calendar's last day.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 5, 15, 12));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Opens a date field's calendar and picks the day numbered `day` of the month it shows. */
async function pickDay(user: ReturnType<typeof userEvent.setup>, fieldName: string, day: number) {
  const field = screen.getByRole('button', { name: fieldName });
  await user.click(field);
  // This field's own calendar (another field's may still be closing).
  const calendar = await vi.waitFor(() => {
    const id = field.getAttribute('aria-controls');
    const dropdown = id ? document.getElementById(id) : null;
    if (!dropdown) throw new Error('the calendar has not opened');
    return dropdown;
  });
  const button = within(calendar)
    .getAllByRole('button', { hidden: true })
    .find((candidate) => candidate.textContent === String(day) && !candidate.hasAttribute('data-outside'));
  await user.click(button!);
}

function renderPanel() {
  const toast = vi.spyOn(notifications, 'show').mockReturnValue('toast');
  const onApply = vi.fn();
  renderWithProviders(<BatchFilterPanel id="filters" types={[]} onApply={onApply} />);
  return { toast, onApply, user: userEvent.setup() };
}

describe('Select Duration', () => {
  it("shows 'Please Select Both Dates' for 2 s when only one date is picked, and applies nothing", async () => {
    const { toast, onApply, user } = renderPanel();
    await pickDay(user, 'From date', 1);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Please Select Both Dates', color: 'red', autoClose: BATCH_FILTER_TOAST_MS }));
    expect(onApply).not.toHaveBeenCalled();
  });

  it("shows 'Please Select A valid Date Range' for 2 s when From is after To", async () => {
    const { toast, onApply, user } = renderPanel();
    await pickDay(user, 'From date', 2);
    await pickDay(user, 'To date', 1);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Please Select A valid Date Range', autoClose: BATCH_FILTER_TOAST_MS }));
    expect(onApply).not.toHaveBeenCalled();
  });

  it('applies a valid range from the start of From to the end of To', async () => {
    const { toast, onApply, user } = renderPanel();
    await pickDay(user, 'From date', 1);
    await pickDay(user, 'To date', 1);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(toast.mock.calls.map(([shown]) => shown.message)).toEqual([]);
    const [{ start_date, end_date }] = onApply.mock.calls[0]! as [{ start_date: number; end_date: number }];
    expect(new Date(start_date).getDate()).toBe(1);
    expect(end_date - start_date).toBe(86_400_000 - 1);
  });
});
