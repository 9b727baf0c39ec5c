import { ActionIcon, Alert, Button, Collapse, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { BATCH_MESSAGES, BATCH_PAGE_SIZE, BATCH_PAGE_WINDOW, FULLY_ONBOARDED, type BatchTask, type BatchTypeOption } from '@verigate/contracts';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { EmptyRecords } from '@/components/empty-records';
import { IconChevronDown, IconFilter, IconPlus, IconRefresh } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { useDownloadBatchResults } from '@/lib/api/batch/download-batch-results';
import { useBatchTasks, type BatchFilters } from '@/lib/api/batch/get-batch-tasks';
import { useBatchTypes } from '@/lib/api/batch/get-batch-types';
import { useStopBatch } from '@/lib/api/batch/stop-batch';
import { useOrganisation } from '@/lib/api/organisations/get-organisation';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { isActive } from '@/features/batch/batch-display';
import { AddBatchModal } from '@/features/batch/components/add-batch-modal';
import { BatchCard } from '@/features/batch/components/batch-card';
import { BatchFilterPanel } from '@/features/batch/components/batch-filter-panel';
import { BatchPagination } from '@/features/batch/components/batch-pagination';
import { pageCountOf, pageOf } from '@/features/batch/paging';
import '@/features/batch/batch.css';

const FILTER_PANEL_ID = 'batch-filter-panel';

/**
 * /application/batch-service (seed 001 §2 "Batch service / track tasks"): for a fully onboarded
 * organisation with batch types, else the dashboard. When the types cannot be read the service is
 * unavailable: the maintenance bar says so and the batches already made stay readable.
 */
export function BatchServicePage() {
  const organisation = useOrganisation();
  const fullyOnboarded = organisation.data?.onboarding_status === FULLY_ONBOARDED;
  const types = useBatchTypes(fullyOnboarded);
  if (organisation.isPending || (fullyOnboarded && types.isPending)) return <BatchSkeleton />;
  if (organisation.isError) {
    return (
      <QueryError title="Batch Service could not load" error={organisation.error} onRetry={() => organisation.refetch()} retrying={organisation.isFetching} />
    );
  }
  if (!fullyOnboarded || types.data?.length === 0) return <Navigate to="/application/dashboard" replace />;
  return <BatchService types={types.data ?? []} unavailable={types.isError} retryingTypes={types.isFetching} onRetryTypes={() => types.refetch()} />;
}

interface BatchServiceProps {
  types: readonly BatchTypeOption[];
  /** The batch types could not be read: the service is under maintenance. */
  unavailable: boolean;
  retryingTypes: boolean;
  onRetryTypes: () => void;
}

function BatchService({ types, unavailable, retryingTypes, onRetryTypes }: BatchServiceProps) {
  const [filters, setFilters] = useState<BatchFilters>({});
  const [page, setPage] = useState(1);
  const [adding, addModal] = useDisclosure(false);
  const [filtersOpen, filterPanel] = useDisclosure(false);
  const [stopping, setStopping] = useState<BatchTask | null>(null);
  const tasks = useBatchTasks(filters, isActive);
  const stop = useStopBatch();
  const download = useDownloadBatchResults();

  const pageCount = pageCountOf(tasks.data?.length ?? 0, BATCH_PAGE_SIZE);
  // A list that shrank (a filter, a refresh) keeps the page within it.
  useEffect(() => {
    if (pageCount > 0 && page > pageCount) setPage(pageCount);
  }, [page, pageCount]);

  const typeName = (arn: string) => types.find((type) => type.value === arn)?.name ?? arn;
  const applyFilters = (next: BatchFilters) => {
    setFilters(next);
    setPage(1);
  };
  const confirmStop = () => {
    if (!stopping) return;
    stop.mutate(stopping.batchId, {
      onSuccess: (answer) => showSuccess(answer.message || BATCH_MESSAGES.stopped),
      onError: reportError,
      onSettled: () => setStopping(null),
    });
  };

  return (
    <Stack gap="md">
      {unavailable && (
        <Alert color="orange" variant="light" role="alert" title={BATCH_MESSAGES.unavailable}>
          <Group justify="space-between" gap="sm">
            <Text fz="sm">New batches cannot be added while the service is under maintenance. Your batches below stay available.</Text>
            <Button size="xs" variant="white" color="orange" onClick={onRetryTypes} loading={retryingTypes}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}

      <Group justify="space-between" gap="sm">
        <Button leftSection={<IconPlus size={18} />} onClick={addModal.open} disabled={unavailable}>
          Add Batch
        </Button>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconFilter size={16} />}
            rightSection={<IconChevronDown size={16} className="filter-chevron" data-open={filtersOpen || undefined} />}
            onClick={filterPanel.toggle}
            aria-expanded={filtersOpen}
            aria-controls={FILTER_PANEL_ID}
          >
            Filters
          </Button>
          <Tooltip label="Refresh batches" withArrow>
            <ActionIcon variant="default" size={36} onClick={() => tasks.refetch()} loading={tasks.isFetching && !tasks.isPending} aria-label="Refresh batches">
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>

      <Collapse in={filtersOpen}>
        <Paper withBorder radius="md" p="md">
          <BatchFilterPanel id={FILTER_PANEL_ID} types={types} onApply={applyFilters} />
        </Paper>
      </Collapse>

      <section aria-label="Batches" aria-busy={tasks.isFetching}>
        {tasks.isPending ? (
          <Stack gap="sm" role="status" aria-label="Loading batches">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} h={150} radius="md" />
            ))}
          </Stack>
        ) : tasks.isError ? (
          <QueryError title="Your batches could not load" error={tasks.error} onRetry={() => tasks.refetch()} retrying={tasks.isFetching} />
        ) : tasks.data.length === 0 ? (
          <Paper withBorder radius="md">
            <EmptyRecords />
          </Paper>
        ) : (
          <Stack gap="sm">
            {pageOf(tasks.data, page, BATCH_PAGE_SIZE).map((task) => (
              <BatchCard
                key={task.batchId}
                task={task}
                typeName={typeName(task.batchType)}
                downloading={download.isPending && download.variables?.batchId === task.batchId}
                onDownload={(chosen) => download.mutate(chosen, { onError: reportError })}
                onStop={setStopping}
              />
            ))}
            <BatchPagination page={page} pageCount={pageCount} window={BATCH_PAGE_WINDOW} onPage={setPage} />
          </Stack>
        )}
      </section>

      <AddBatchModal opened={adding} types={types} onClose={addModal.close} />
      <ConfirmModal
        opened={stopping !== null}
        title="Stop batch"
        confirmLabel="Stop batch"
        pending={stop.isPending}
        onConfirm={confirmStop}
        onClose={() => setStopping(null)}
      >
        Stop <strong>{stopping?.batchName}</strong>? The rows that have not run yet will not run, and the results will hold the rows that did.
      </ConfirmModal>
    </Stack>
  );
}

function BatchSkeleton() {
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label="Loading Batch Service">
      <Skeleton h={36} w={140} />
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} h={150} radius="md" />
      ))}
    </Stack>
  );
}
