import { Alert, Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { KEY_SHOWN_ONCE } from '@verigate/contracts';
import { useRef, useState, type ReactNode } from 'react';
import { CopyField } from './copy-field';

const COPIED_FOR_MS = 2000;

/**
 * Closing a dialog that shows a key for the only time: Escape, the backdrop, X and Done all ask
 * first, until Copy worked or the person ticked that the key is saved.
 */
export function useOneTimeKeyClose(onClose: () => void) {
  const [saved, setSaved] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setSaved(false);
    setConfirming(false);
    onClose();
  };
  return {
    saved,
    confirming,
    markSaved: (value: boolean) => {
      setSaved(value);
      if (value) setConfirming(false);
    },
    requestClose: () => (saved ? close() : setConfirming(true)),
    keepOpen: () => setConfirming(false),
    closeAnyway: close,
  };
}

export type OneTimeKeyClose = ReturnType<typeof useOneTimeKeyClose>;

interface OneTimeKeyProps {
  apiKey: string;
  appId: string;
  closing: OneTimeKeyClose;
  children?: ReactNode;
}

/** A new API key with its app ID, shown once: the whole key wraps to stay readable and selectable on a phone. */
export function OneTimeKey({ apiKey, appId, closing, children }: OneTimeKeyProps) {
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" role="status">
        {KEY_SHOWN_ONCE}
      </Alert>
      {children}
      <KeyValue apiKey={apiKey} onCopied={() => closing.markSaved(true)} />
      <CopyField label="App ID" value={appId} />
      <Checkbox label="I have saved this key somewhere safe" checked={closing.saved} onChange={(event) => closing.markSaved(event.currentTarget.checked)} />
      {closing.confirming ? (
        <Alert color="red" variant="light" role="alert" title="Close without saving the key?">
          <Stack gap="sm">
            <Text fz="sm">Once closed, this key cannot be shown again: copy it first, or generate a new key later.</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={closing.keepOpen} autoFocus>
                Keep it open
              </Button>
              <Button color="red" onClick={closing.closeAnyway}>
                Close without saving
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group justify="flex-end">
          <Button onClick={closing.requestClose}>Done</Button>
        </Group>
      )}
    </Stack>
  );
}

function KeyValue({ apiKey, onCopied }: { apiKey: string; onCopied: () => void }) {
  const field = useRef<HTMLTextAreaElement>(null);
  const [copied, setCopied] = useState(false);
  const [blocked, setBlocked] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      setBlocked(false);
      setCopied(true);
      onCopied();
      setTimeout(() => setCopied(false), COPIED_FOR_MS);
    } catch {
      // The clipboard is closed to pages not served over HTTPS, and to some browsers' settings: the selection is the fallback.
      setBlocked(true);
      field.current?.select();
    }
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Textarea
        ref={field}
        label="API key"
        value={apiKey}
        readOnly
        autosize
        minRows={1}
        error={blocked ? 'Copying is blocked here: the key is selected, copy it with your keyboard and tick the box below.' : undefined}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all', resize: 'none' } }}
        style={{ flex: 1, minWidth: 0 }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button
        variant={copied ? 'filled' : 'light'}
        color={copied ? 'green' : 'brand'}
        onClick={copy}
        aria-label="Copy API key"
        w={96}
        style={{ flexShrink: 0 }}
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </Group>
  );
}
