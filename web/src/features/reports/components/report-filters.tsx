import { Group, MultiSelect, Radio, Select, SimpleGrid } from '@mantine/core';
import { CHARGE_TYPES, CHARGE_TYPE_LABELS, TXN_STATUSES, TXN_STATUS_LABELS, type TxnStatus } from '@verigate/contracts';
import { DurationPicker } from '@/components/duration-picker';
import { EnvironmentRadios, FilterForm } from '@/components/filter-form';
import { REPORT_PRESETS, type DraftProblems, type ReportDraft } from '@/features/reports/report-draft';

interface Option {
  value: string;
  label: string;
}

interface ReportFiltersProps {
  draft: ReportDraft;
  onChange: (draft: ReportDraft) => void;
  problems: DraftProblems;
  products: Option[];
  apps: Option[];
  today: string;
  onRun: () => void;
  onClear: () => void;
  running: boolean;
}

/**
 * Search ID and the filters of seed 001 §2 Reports: Products, App Name, Status, Duration, Charge
 * Type and Environment; Clear all and Run Report. A form, so Enter in any field runs the report.
 */
export function ReportFilters({ draft, onChange, problems, products, apps, today, onRun, onClear, running }: ReportFiltersProps) {
  const set = <K extends keyof ReportDraft>(key: K, value: ReportDraft[K]) => onChange({ ...draft, [key]: value });
  return (
    <FilterForm
      label="Report filters"
      search={{
        value: draft.searchId,
        onChange: (value) => set('searchId', value),
        description: 'A request, task or group id, on any day',
        error: problems.searchId,
      }}
      onRun={onRun}
      onClear={onClear}
      running={running}
      runLabel="Run Report"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <MultiSelect
          label="Products"
          placeholder={draft.products.length === 0 ? 'All products' : undefined}
          data={products}
          value={draft.products}
          onChange={(value) => set('products', value)}
          searchable
          clearable
          nothingFoundMessage="No Products found"
          hidePickedOptions
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
        <Select
          label="Status"
          placeholder="All statuses"
          data={TXN_STATUSES.map((status) => ({ value: status, label: TXN_STATUS_LABELS[status] }))}
          value={draft.status}
          onChange={(value) => set('status', value as TxnStatus | null)}
          clearable
        />
      </SimpleGrid>
      <DurationPicker
        value={draft.duration}
        onChange={(value) => set('duration', value)}
        presets={REPORT_PRESETS}
        today={today}
        error={problems.duration}
        required={{ unless: 'Required unless a Search ID is given' }}
      />
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Radio.Group label="Charge Type" value={draft.chargeType} onChange={(value) => set('chargeType', value as ReportDraft['chargeType'])}>
          <Group gap="md" mt={6}>
            <Radio value="ALL" label="All" />
            {CHARGE_TYPES.map((type) => (
              <Radio key={type} value={type} label={CHARGE_TYPE_LABELS[type]} />
            ))}
          </Group>
        </Radio.Group>
        <EnvironmentRadios value={draft.env} onChange={(value) => set('env', value)} />
      </Group>
    </FilterForm>
  );
}
