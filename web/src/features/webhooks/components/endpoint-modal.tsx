import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_DOCS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  webhookEndpointCreate,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@verigate/contracts';
import { useState, type FormEvent } from 'react';
import { reportError } from '@/lib/server-messages';
import { useCreateEndpoint, useUpdateEndpoint } from '../api/webhooks';
import { SecretShownOnce } from './secret-shown-once';

interface EndpointModalProps {
  /** The endpoint to edit; null: a new one. */
  endpoint: WebhookEndpoint | null;
  opened: boolean;
  onClose: () => void;
}

type Problems = Partial<Record<'url' | 'description' | 'events', string>>;

/** Add or edit an endpoint: its URL, a description and the events it receives; a new one's secret is shown once. */
export function EndpointModal({ endpoint, opened, onClose }: EndpointModalProps) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={secret ? 'Your signing secret' : endpoint ? 'Edit endpoint' : 'Add endpoint'}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened &&
        (secret ? (
          <SecretShownOnce secret={secret} onDone={close}>
            The endpoint is added and receives the events you chose.
          </SecretShownOnce>
        ) : (
          <EndpointForm endpoint={endpoint} onCancel={close} onSaved={(saved) => (saved ? setSecret(saved) : close())} />
        ))}
    </Modal>
  );
}

function EndpointForm({ endpoint, onCancel, onSaved }: { endpoint: WebhookEndpoint | null; onCancel: () => void; onSaved: (secret: string | null) => void }) {
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [problems, setProblems] = useState<Problems>({});
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const pending = create.isPending || update.isPending;
  const allChosen = events.length === WEBHOOK_EVENT_TYPES.length;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = webhookEndpointCreate.safeParse({ url, description, events, enabled });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Problems;
        found[field] ??= issue.message;
      }
      setProblems(found);
      return;
    }
    setProblems({});
    if (endpoint) update.mutate({ id: endpoint.id, change: parsed.data }, { onSuccess: () => onSaved(null), onError: reportError });
    else create.mutate(parsed.data, { onSuccess: (created) => onSaved(created.secret), onError: reportError });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={endpoint ? 'Edit endpoint' : 'Add endpoint'}>
      <Stack gap="md">
        <TextInput
          label="Endpoint URL"
          description="Where each event is POSTed; https in production. Redirects are not followed."
          placeholder="https://example.com/webhooks/verigate"
          required
          maxLength={WEBHOOK_URL_MAX_LENGTH}
          value={url}
          onChange={(change) => setUrl(change.currentTarget.value)}
          error={problems.url}
          data-autofocus
        />
        <TextInput
          label="Description (optional)"
          maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
          value={description}
          onChange={(change) => setDescription(change.currentTarget.value)}
          error={problems.description}
        />
        <Checkbox.Group
          label="Events"
          description="The endpoint receives only these."
          value={events}
          onChange={(chosen) => setEvents(chosen as WebhookEventType[])}
          error={problems.events}
          required
        >
          <Checkbox
            mt="xs"
            label="All events"
            checked={allChosen}
            indeterminate={events.length > 0 && !allChosen}
            onChange={() => setEvents(allChosen ? [] : [...WEBHOOK_EVENT_TYPES])}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={
                  <Text fz="sm" ff="monospace">
                    {type}
                  </Text>
                }
                description={WEBHOOK_EVENT_DOCS[type].when}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Switch label="Enabled" checked={enabled} onChange={(change) => setEnabled(change.currentTarget.checked)} />
        <Group justify="flex-end" gap="sm" className="confirm-buttons">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
