import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '@verigate/contracts';

function show(color: 'red' | 'green', message: string): void {
  notifications.show({ color, message, autoClose: TOAST_DURATION_MS, withBorder: true });
}

export const showError = (message: string): void => show('red', message);
export const showSuccess = (message: string): void => show('green', message);
