import { Button, Group, Paper, Radio, Stack, TextInput } from '@mantine/core';
import { ENVIRONMENTS } from '@verigate/contracts';
import type { FormEvent, ReactNode } from 'react';
import { IconSearch } from '@/components/icons';

const ENVIRONMENT_LABELS = { TEST: 'Test', PRODUCTION: 'Production' } as const;

interface FilterFormProps {
  /** The form's accessible name. */
  label: string;
  search: { value: string; onChange: (value: string) => void; description: string; error?: string };
  onRun: () => void;
  onClear: () => void;
  running: boolean;
  runLabel: string;
  /** The screen's own filters, between the search box and the buttons. */
  children: ReactNode;
}

/**
 * The search-by-id form of Reports and API Logs: the Search ID box, the screen's filters, then
 * Clear all and the run button. A form, so Enter in any field runs it.
 */
export function FilterForm({ label, search, onRun, onClear, running, runLabel, children }: FilterFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun();
  };
  return (
    <Paper component="form" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} onSubmit={submit} aria-label={label} noValidate>
      <Stack gap="md">
        <TextInput
          label="Search ID"
          description={search.description}
          placeholder="Search by request, task or group id"
          leftSection={<IconSearch size={18} />}
          value={search.value}
          onChange={(event) => search.onChange(event.currentTarget.value.trim())}
          error={search.error}
          maw={520}
          size="sm"
        />
        {children}
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onClear}>
            Clear all
          </Button>
          <Button type="submit" loading={running}>
            {runLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** All, Test or Production: the environment filter of both screens. */
export function EnvironmentRadios<T extends string>({ value, onChange }: { value: T; onChange: (value: T) => void }) {
  return (
    <Radio.Group label="Environment" value={value} onChange={(next) => onChange(next as T)}>
      <Group gap="md" mt={6}>
        <Radio value="ALL" label="All" />
        {ENVIRONMENTS.map((env) => (
          <Radio key={env} value={env} label={ENVIRONMENT_LABELS[env]} />
        ))}
      </Group>
    </Radio.Group>
  );
}
