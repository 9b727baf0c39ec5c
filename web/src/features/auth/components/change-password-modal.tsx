import { Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { CONFIRM_PASSWORD_MISMATCH, PASSWORD_MAX, changeNewPasswordRules, confirmPasswordRules, currentPasswordRules, userMessages } from '@verigate/contracts';
import { useRef, type FormEvent } from 'react';
import { PasswordChecklist } from '@/components/password-checklist';
import { isUnavailable } from '@/lib/api/client';
import { showError, showSuccess } from '@/lib/toast';
import { useField } from '@/lib/use-field';
import { useChangePassword } from '@/features/auth/api/change-password';

interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
}

export function ChangePasswordModal({ opened, onClose }: ChangePasswordModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Change Password" centered size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* Mounted only while open, so every opening starts with empty fields. */}
      {opened && <ChangePasswordForm onDone={onClose} />}
    </Modal>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const current = useField(currentPasswordRules);
  const next = useField(changeNewPasswordRules);
  const confirm = useField([...confirmPasswordRules, { test: (value) => value === next.value, message: CONFIRM_PASSWORD_MISMATCH }]);
  const mutation = useChangePassword();
  const currentInput = useRef<HTMLInputElement>(null);
  const newInput = useRef<HTMLInputElement>(null);

  /** A refusal about one field marks that field and takes the person there; any other is a toast. */
  const refused = (message: string) => {
    const field =
      message === userMessages.currentPasswordWrong
        ? { state: current, input: currentInput }
        : message === userMessages.samePassword
          ? { state: next, input: newInput }
          : null;
    if (!field) return showError(message);
    field.state.reject(message);
    field.input.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (![current.validate(), next.validate(), confirm.validate()].every(Boolean)) return;
    mutation.mutate(
      { currentPassword: current.value, newPassword: next.value },
      {
        onSuccess: (result) => {
          if (isUnavailable(result)) return showError(result.message);
          showSuccess(result.message);
          onDone();
        },
        onError: (error) => refused(error.message),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {/* Mantine's PasswordInput shows its error without aria-invalid: each field states it. */}
        <PasswordInput
          ref={currentInput}
          label="Current Password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX}
          data-autofocus
          aria-invalid={Boolean(current.error)}
          {...current.inputProps}
        />
        <PasswordInput
          ref={newInput}
          label="New Password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          aria-describedby="change-password-checklist"
          aria-invalid={Boolean(next.error)}
          {...next.inputProps}
        />
        <PasswordChecklist id="change-password-checklist" password={next.value} />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          aria-invalid={Boolean(confirm.error)}
          {...confirm.inputProps}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
