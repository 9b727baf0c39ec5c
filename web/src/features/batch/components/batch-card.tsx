import { Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { batchProgress, canDownloadBatch, canStopBatch, type BatchTask } from '@verigate/contracts';
import { Link } from 'react-router';
import { IconDownload, IconLogs, IconStop } from '@/components/icons';
import { STATE_COLOUR, formatBatchDate, formatProgress } from '@/features/batch/batch-display';
import { formatCount } from '@/lib/format';

interface BatchCardProps {
  task: BatchTask;
  /** The batch type's product name (the arn when the type is no longer offered). */
  typeName: string;
  downloading: boolean;
  onDownload: (task: BatchTask) => void;
  onStop: (task: BatchTask) => void;
}

/**
 * One batch (seed 001 §2): name, type, state, progress to two decimals, its dates, and Download
 * (FINISHED only) and Stop (above 90 % while RUNNING or PAUSED); once rows have run, Calls opens
 * them in API Logs (every row of a batch carries the batch id as its group id). The border takes
 * the state's colour.
 */
export function BatchCard({ task, typeName, downloading, onDownload, onStop }: BatchCardProps) {
  const colour = STATE_COLOUR[task.batchState];
  const progress = formatProgress(task);
  return (
    <Paper
      component="article"
      aria-label={task.batchName}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      className="batch-card"
      data-state={task.batchState}
      style={{ '--batch-colour': `var(--mantine-color-${colour}-6)` }}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Title order={3} fz="md" className="batch-name">
              {task.batchName}
            </Title>
            <Text fz="sm" c="dimmed">
              {typeName}
            </Text>
          </Stack>
          {/* Yellow text on its light tint is too faint to read: the darkest yellow keeps it legible. */}
          <Badge color={colour} c={colour === 'yellow' ? 'yellow.9' : undefined} variant="light" tt="none" className="batch-state">
            {task.batchState}
          </Badge>
        </Group>

        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text fz="sm" fw={600}>
              {progress}
            </Text>
            <Text fz="xs" c="dimmed">
              {formatCount(task.totalProcessed)} of {formatCount(task.totalItems)} rows
            </Text>
          </Group>
          <Progress value={batchProgress(task)} color={colour} size="md" radius="xl" aria-label={`Progress of ${task.batchName}`} />
        </Stack>

        <Group justify="space-between" align="flex-end" gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={2}>
            <Text fz="xs" c="dimmed">
              Created <time dateTime={new Date(task.created_at).toISOString()}>{formatBatchDate(task.created_at)}</time>
            </Text>
            <Text fz="xs" c="dimmed">
              Updated <time dateTime={new Date(task.updated_at).toISOString()}>{formatBatchDate(task.updated_at)}</time>
            </Text>
          </SimpleGrid>
          <Group gap="xs" className="batch-actions">
            {task.totalProcessed > 0 && (
              <Button
                component={Link}
                to={`/application/logs?search=${task.batchId}`}
                variant="subtle"
                size="xs"
                leftSection={<IconLogs size={14} />}
                aria-label={`API logs of ${task.batchName}`}
              >
                Calls
              </Button>
            )}
            <Button
              variant="light"
              color="red"
              size="xs"
              leftSection={<IconStop size={14} />}
              disabled={!canStopBatch(task)}
              onClick={() => onStop(task)}
              aria-label={`Stop ${task.batchName}`}
            >
              Stop
            </Button>
            <Button
              size="xs"
              leftSection={<IconDownload size={14} />}
              disabled={!canDownloadBatch(task)}
              loading={downloading}
              onClick={() => onDownload(task)}
              aria-label={`Download results of ${task.batchName}`}
            >
              Download
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
