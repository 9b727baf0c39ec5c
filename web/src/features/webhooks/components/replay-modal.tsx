import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { WEBHOOK_REPLAY_MAX_DAYS, webhookReplay, type WebhookEndpoint } from '@verigate/contracts';
import { useState, type FormEvent } from 'react';
import { CALENDAR_LABELS } from '@/components/calendar-labels';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useReplay } from '../api/webhooks';

/** Local midnight of a YYYY-MM-DD day, `days` later, as an ISO instant. */
const dayStart = (day: string, days = 0) => {
  const date = new Date(`${day}T00:00:00`);
  date.setDate(date.getDate() + days);
  return date.toISOString();
};

/** Send an endpoint again every event of the days chosen that it receives. */
export function ReplayModal({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const [days, setDays] = useState<[string | null, string | null]>([null, null]);
  const [problem, setProblem] = useState<string | null>(null);
  const replay = useReplay();
  const close = () => {
    setDays([null, null]);
    setProblem(null);
    onClose();
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!endpoint) return;
    const [first, last] = days;
    if (!first) return setProblem('Choose the days to replay');
    const parsed = webhookReplay.safeParse({ from: dayStart(first), to: dayStart(last ?? first, 1) });
    if (!parsed.success) return setProblem(parsed.error.issues[0]!.message);
    setProblem(null);
    replay.mutate(
      { id: endpoint.id, range: parsed.data },
      {
        onSuccess: ({ replayed }) => {
          showSuccess(replayed === 1 ? '1 event is being sent again' : `${replayed} events are being sent again`);
          close();
        },
        onError: reportError,
      },
    );
  };

  return (
    <Modal opened={endpoint !== null} onClose={close} title="Replay events" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {endpoint && (
        <form onSubmit={onSubmit} noValidate aria-label="Replay events">
          <Stack gap="md">
            <Text fz="sm">
              Every event of these days that <strong style={{ overflowWrap: 'anywhere' }}>{endpoint.url}</strong> receives is sent again, oldest first, with its
              own webhook-id. At most {WEBHOOK_REPLAY_MAX_DAYS} days.
            </Text>
            <DatePickerInput
              type="range"
              allowSingleDateInRange
              label="Days"
              placeholder="Choose the first and last day"
              value={days}
              onChange={setDays}
              maxDate={new Date()}
              valueFormat="DD MMM YYYY"
              ariaLabels={CALENDAR_LABELS}
              error={problem}
              required
            />
            <Group justify="flex-end" gap="sm" className="confirm-buttons">
              <Button variant="default" onClick={close} disabled={replay.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={replay.isPending}>
                Replay
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
