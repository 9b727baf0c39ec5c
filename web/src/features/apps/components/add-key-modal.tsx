import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { KEY_NAME_MAX, keyNameRules, type GeneratedKey } from '@verigate/contracts';
import { useState, type FormEvent } from 'react';
import { reportError } from '@/lib/server-messages';
import { useField } from '@/lib/use-field';
import { useGenerateAppKey } from '@/lib/api/apps/generate-app-key';
import { OneTimeKey, useOneTimeKeyClose } from '@/components/one-time-key';

interface AddKeyModalProps {
  appId: string;
  opened: boolean;
  onClose: () => void;
}

/** Add Key: a key name (seed 000 §5), then the new key, shown once. */
export function AddKeyModal({ appId, opened, onClose }: AddKeyModalProps) {
  const [generated, setGenerated] = useState<{ keyName: string; answer: GeneratedKey } | null>(null);
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
            </Text>
          </OneTimeKey>
        ) : (
          <KeyNameForm appId={appId} onCancel={close} onGenerated={(keyName, answer) => setGenerated({ keyName, answer })} />
        ))}
    </Modal>
  );
}

function KeyNameForm({ appId, onCancel, onGenerated }: { appId: string; onCancel: () => void; onGenerated: (keyName: string, answer: GeneratedKey) => void }) {
  const name = useField(keyNameRules, '', { transform: (value) => value.trimStart().slice(0, KEY_NAME_MAX) });
  const generate = useGenerateAppKey(appId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.validate()) return;
    const keyName = name.value.trim();
    generate.mutate(keyName, { onSuccess: (answer) => onGenerated(keyName, answer), onError: reportError });
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
