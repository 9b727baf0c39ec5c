import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@verigate/contracts';

function show(color: 'red' | 'green', message: string, autoClose: number): void {
  notifications.show({ color, message, autoClose, withBorder: true });
}

/** A toast for `autoCloseMs` (seed §8: 8 s unless a screen says otherwise). */
export const showError = (message: string, autoCloseMs = TOAST_DURATION_MS): void => show('red', message, autoCloseMs);
export const showSuccess = (message: string, autoCloseMs = TOAST_DURATION_MS): void => show('green', message, autoCloseMs);
