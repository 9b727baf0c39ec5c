import { Group, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import { DurationPicker } from '@/components/duration-picker';
import { EnvironmentRadios, FilterForm } from '@/components/filter-form';
import { LOG_PRESETS, type LogsDraft, type LogsProblems } from '../logs-draft';

interface Option {
  value: string;
  label: string;
}

interface LogFiltersProps {
  draft: LogsDraft;
  onChange: (draft: LogsDraft) => void;
  problems: LogsProblems;
  products: Option[];
  apps: Option[];
  today: string;
  onRun: () => void;
  onClear: () => void;
  running: boolean;
}

/** Search by id and the filters of API Logs; a form, so Enter in any field searches. */
export function LogFilters({ draft, onChange, problems, products, apps, today, onRun, onClear, running }: LogFiltersProps) {
  const set = <K extends keyof LogsDraft>(key: K, value: LogsDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <FilterForm
      label="Log filters"
      search={{
        value: draft.search,
        onChange: (value) => set('search', value),
        description: 'A request, task or group id, on any day kept',
        error: problems.search,
      }}
      onRun={onRun}
      onClear={onClear}
      running={running}
      runLabel="Search"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          label="Product"
          placeholder="All products"
          data={products}
          value={draft.product}
          onChange={(value) => set('product', value)}
          searchable
          clearable
          nothingFoundMessage="No Products found"
        />
        <Select
          label="App Name"
          placeholder="All apps"
          data={apps}
          value={draft.appId}
          onChange={(value) => set('appId', value)}
          searchable
          clearable
          nothingFoundMessage="No Apps found"
        />
        <TextInput label="Key name" placeholder="All keys" value={draft.keyName} onChange={(event) => set('keyName', event.currentTarget.value)} size="sm" />
        <TextInput
          label="Response code"
          placeholder="Any code (none: refused without a code)"
          value={draft.responseCode}
          onChange={(event) => set('responseCode', event.currentTarget.value)}
          error={problems.responseCode}
          size="sm"
        />
        <TextInput
          label="Client IP"
          placeholder="Any address"
          value={draft.clientIp}
          onChange={(event) => set('clientIp', event.currentTarget.value)}
          size="sm"
        />
      </SimpleGrid>
      <DurationPicker
        value={draft.duration}
        onChange={(value) => set('duration', value)}
        presets={LOG_PRESETS}
        today={today}
        error={problems.duration}
        required={{ unless: 'Required unless a Search ID is given' }}
      />
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Radio.Group label="Billable" value={draft.billable} onChange={(value) => set('billable', value as LogsDraft['billable'])}>
          <Group gap="md" mt={6}>
            <Radio value="ALL" label="All" />
            <Radio value="true" label="Billable" />
            <Radio value="false" label="Non-billable" />
          </Group>
        </Radio.Group>
        <EnvironmentRadios value={draft.env} onChange={(value) => set('env', value)} />
      </Group>
    </FilterForm>
  );
}
