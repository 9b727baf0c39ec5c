import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { BATCH_FILTER_TOAST_MS, BATCH_STATES, type BatchState, type BatchTypeOption } from '@verigate/contracts';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { EARLIEST_FILTER_DAY, EMPTY_DRAFT, filtersOf, lastPickableDay, type FilterDraft } from '@/features/batch/batch-filters';
import type { BatchFilters } from '@/lib/api/batch/get-batch-tasks';
import { showError } from '@/lib/toast';
import '@mantine/dates/styles.css';

interface BatchFilterPanelProps {
  id: string;
  types: readonly BatchTypeOption[];
  onApply: (filters: BatchFilters) => void;
}

const isBatchState = (value: string | null): value is BatchState => BATCH_STATES.some((state) => state === value);

/** The filter panel (seed 001 §2, §5): Product Name, Select Duration (at most 90 days, from 1 Jan 2020) and Status. */
export function BatchFilterPanel({ id, types, onApply }: BatchFilterPanelProps) {
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_DRAFT);
  const today = dayjs().format('YYYY-MM-DD');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const outcome = filtersOf(draft);
    if ('error' in outcome) showError(outcome.error, BATCH_FILTER_TOAST_MS);
    else onApply(outcome.filters);
  };
  const clear = () => {
    setDraft(EMPTY_DRAFT);
    onApply({});
  };

  return (
    <form id={id} onSubmit={apply} noValidate aria-label="Filter batches" className="batch-filters">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label="Product Name"
          placeholder="All products"
          data={types.map((type) => ({ value: type.value, label: type.name }))}
          value={draft.product}
          onChange={(product) => setDraft((current) => ({ ...current, product }))}
          clearable
          searchable
        />
        <DatePickerInput
          type="range"
          allowSingleDateInRange
          label="Select Duration"
          placeholder="Pick the first and last day"
          valueFormat="DD/MM/YYYY"
          value={draft.range}
          onChange={(range) => setDraft((current) => ({ ...current, range }))}
          minDate={EARLIEST_FILTER_DAY}
          maxDate={lastPickableDay(draft.range, today)}
          clearable
          popoverProps={{ withinPortal: true }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={[...BATCH_STATES]}
          value={draft.status}
          onChange={(status) => setDraft((current) => ({ ...current, status: isBatchState(status) ? status : null }))}
          clearable
        />
      </SimpleGrid>
      <Group justify="flex-end" gap="sm" mt="sm">
        <Button variant="default" onClick={clear}>
          Clear
        </Button>
        <Button type="submit">Apply</Button>
      </Group>
    </form>
  );
}
