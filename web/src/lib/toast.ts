import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@verigate/contracts';

/**
 * The toast's id comes from its colour and message: Mantine ignores a show whose id is already on
 * screen, so a message that is already shown (Submit pressed twice, two calls failing together)
 * is not stacked again, and shows again once it has gone.
 */
function show(color: 'red' | 'green', message: string, autoClose: number): void {
  notifications.show({
    id: `toast:${color}:${message}`,
    color,
    message,
    autoClose,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Dismiss message' },
  });
}

/** A toast for `autoCloseMs` (seed §8: 8 s unless a screen says otherwise). */
export const showError = (message: string, autoCloseMs = TOAST_DURATION_MS): void => show('red', message, autoCloseMs);
export const showSuccess = (message: string, autoCloseMs = TOAST_DURATION_MS): void => show('green', message, autoCloseMs);
