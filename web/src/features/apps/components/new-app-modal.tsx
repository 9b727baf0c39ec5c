import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { APP_NAME_MAX, appNameRules } from '@verigate/contracts';
import type { FormEvent } from 'react';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useField } from '@/lib/use-field';
import { useCreateApp } from '@/lib/api/apps/create-app';

/** New App (seed 000 §5 App name): a live app for the organisation. */
export function NewAppModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create a new app" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* Mounted only while open, so every opening starts empty. */}
      {opened && <NewAppForm onDone={onClose} />}
    </Modal>
  );
}

function NewAppForm({ onDone }: { onDone: () => void }) {
  const name = useField(appNameRules, '', { transform: (value) => value.trimStart().slice(0, APP_NAME_MAX) });
  const create = useCreateApp();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.validate()) return;
    create.mutate(name.value.trim(), {
      onSuccess: (app) => {
        showSuccess(`App ${app.name} created`);
        onDone();
      },
      onError: reportError,
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New app">
      <Stack gap="md">
        <Text fz="sm" c="gray.7">
          A live app calls the live environment; its usage is billed to your plan. Add products and keys to it once it is created.
        </Text>
        <TextInput label="App name" required maxLength={APP_NAME_MAX} autoComplete="off" data-autofocus {...name.inputProps} />
        <Group justify="flex-end" gap="sm" className="confirm-buttons">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create App
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
