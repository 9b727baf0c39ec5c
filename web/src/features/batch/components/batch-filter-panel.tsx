import { Button, Group, Input, Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { BATCH_FILTER_TOAST_MS, BATCH_STATES, type BatchState, type BatchTypeOption } from '@verigate/contracts';
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { EARLIEST_FILTER_DAY, EMPTY_DRAFT, filtersOf, type FilterDraft } from '@/features/batch/batch-filters';
import type { BatchFilters } from '@/lib/api/batch/get-batch-tasks';
import { showError } from '@/lib/toast';
import '@mantine/dates/styles.css';

interface BatchFilterPanelProps {
  id: string;
  types: readonly BatchTypeOption[];
  onApply: (filters: BatchFilters) => void;
}

const isBatchState = (value: string | null): value is BatchState => BATCH_STATES.some((state) => state === value);

/**
 * The filter panel (seed 001 §2, §5): Product Name, Select Duration (From and To, at most 90 days
 * apart, from 1 Jan 2020 to today) and Status. A duration that cannot be used is a 2 s toast.
 */
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
        <div role="group" aria-labelledby={`${id}-duration`}>
          <Input.Label labelElement="div" id={`${id}-duration`}>
            Select Duration
          </Input.Label>
          <Group gap="xs" wrap="nowrap" grow>
            {(['From', 'To'] as const).map((label, index) => (
              <DatePickerInput
                key={label}
                aria-label={`${label} date`}
                placeholder={label}
                valueFormat="DD/MM/YYYY"
                value={draft.range[index]}
                onChange={(day) => setDraft((current) => ({ ...current, range: index === 0 ? [day, current.range[1]] : [current.range[0], day] }))}
                minDate={EARLIEST_FILTER_DAY}
                maxDate={today}
                clearable
                popoverProps={{ withinPortal: true }}
              />
            ))}
          </Group>
        </div>
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
