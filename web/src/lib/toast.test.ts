import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { showError, showSuccess } from './toast';

const shown = () => [...notificationsStore.getState().notifications, ...notificationsStore.getState().queue].map((toast) => [toast.color, toast.message]);

afterEach(() => notifications.clean());

describe('toasts', () => {
  it('shows a message that is already on screen once, however often it is asked for', () => {
    showError('Please fill all the input box to continue');
    showError('Please fill all the input box to continue');
    showError('Please fill all the input box to continue');
    expect(shown()).toEqual([['red', 'Please fill all the input box to continue']]);
  });

  it('shows different messages, and the same words as success and as error, side by side', () => {
    showError('Enter a valid IP Address');
    showError('This IP Address already exists');
    showSuccess('Enter a valid IP Address');
    expect(shown()).toHaveLength(3);
  });

  it('shows a message again once its toast has gone', () => {
    showError('Invalid zpin, please re-enter');
    notifications.clean();
    showError('Invalid zpin, please re-enter');
    expect(shown()).toEqual([['red', 'Invalid zpin, please re-enter']]);
  });
});
