import { Modal } from '@mantine/core';
import { OneTimeKey, useOneTimeKeyClose } from '@/components/one-time-key';

interface GeneratedKeyModalProps {
  generated: { apiKey: string; appId: string } | null;
  onClose: () => void;
}

/** Shows a freshly generated key once, with copy buttons; closing it forgets the key. */
export function GeneratedKeyModal({ generated, onClose }: GeneratedKeyModalProps) {
  const closing = useOneTimeKeyClose(onClose);
  return (
    <Modal opened={generated !== null} onClose={closing.requestClose} title="Your test API key" centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {generated && <OneTimeKey apiKey={generated.apiKey} appId={generated.appId} closing={closing} />}
    </Modal>
  );
}
