import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { KEY_NAME_MAX, keyNameRules, type GeneratedKey } from '@verigate/contracts';
import { useState, type FormEvent } from 'react';
import { reportError } from '@/lib/server-messages';
import { useField } from '@/lib/use-field';
import { useGenerateAppKey } from '@/lib/api/apps/generate-app-key';
import { OneTimeKey, useOneTimeKeyClose } from '@/components/one-time-key';
import { formatDateTime } from '@/lib/format';
import { endOfDay, KeyExpiryInput } from './key-expiry-input';

interface AddKeyModalProps {
  appId: string;
  opened: boolean;
  onClose: () => void;
}

/** Add Key: a key name (seed 000 §5), then the new key, shown once. */
export function AddKeyModal({ appId, opened, onClose }: AddKeyModalProps) {
  const [generated, setGenerated] = useState<{ keyName: string; expiresAt: number | null; answer: GeneratedKey } | null>(null);
  const close = () => {
    setGenerated(null);
    onClose();
  };
  const closing = useOneTimeKeyClose(close);

  return (
    <Modal
      opened={opened}
      onClose={generated ? closing.requestClose : close}
      title={generated ? 'Your new API key' : 'Add Key'}
      centered
      size={generated ? 'lg' : 'md'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened &&
        (generated ? (
          <OneTimeKey apiKey={generated.answer.apiKey} appId={appId} closing={closing}>
            <Text fz="sm">
              Key <strong>{generated.keyName}</strong> is enabled. Send it with the app ID in your API calls.
              {generated.expiresAt !== null && ` It expires on ${formatDateTime(generated.expiresAt)}.`}
            </Text>
          </OneTimeKey>
        ) : (
          <KeyNameForm appId={appId} onCancel={close} onGenerated={(keyName, expiresAt, answer) => setGenerated({ keyName, expiresAt, answer })} />
        ))}
    </Modal>
  );
}

function KeyNameForm({
  appId,
  onCancel,
  onGenerated,
}: {
  appId: string;
  onCancel: () => void;
  onGenerated: (keyName: string, expiresAt: number | null, answer: GeneratedKey) => void;
}) {
  const name = useField(keyNameRules, '', { transform: (value) => value.trimStart().slice(0, KEY_NAME_MAX) });
  const [expiryDay, setExpiryDay] = useState<string | null>(null);
  const generate = useGenerateAppKey(appId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.validate()) return;
    const keyName = name.value.trim();
    const expiresAt = expiryDay ? endOfDay(expiryDay) : null;
    generate.mutate(
      { keyName, ...(expiresAt !== null ? { expiresAt } : {}) },
      { onSuccess: (answer) => onGenerated(keyName, expiresAt, answer), onError: reportError },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add key">
      <Stack gap="md">
        <TextInput
          label="Key name"
          description="Letters and digits, up to 25 characters, for example Production server."
          required
          maxLength={KEY_NAME_MAX}
          autoComplete="off"
          data-autofocus
          {...name.inputProps}
        />
        <KeyExpiryInput label="Expires on (optional)" value={expiryDay} onChange={setExpiryDay} />
        <Group justify="flex-end" gap="sm" className="confirm-buttons">
          <Button variant="default" onClick={onCancel} disabled={generate.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={generate.isPending}>
            Generate Key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
