import { Group, Loader, Select } from '@mantine/core';
import { REPORT_MESSAGES, dateRangeProblem, presetRange, type DatePreset, type DateRange } from '@verigate/contracts';
import { Suspense, lazy } from 'react';

/** The calendar (Mantine dates, dayjs) loads only when Custom is chosen: the presets need none of it. */
const CustomRangeInputs = lazy(async () => ({ default: (await import('./custom-range-inputs')).CustomRangeInputs }));

export const CUSTOM = 'Custom';

/** What the picker holds: a preset (or Custom) and, for Custom, the chosen start and end days. */
export interface DurationValue {
  preset: DatePreset | typeof CUSTOM | null;
  custom: [string | null, string | null];
}

interface DurationPickerProps {
  value: DurationValue;
  onChange: (value: DurationValue) => void;
  /** The presets offered before Custom. */
  presets: readonly DatePreset[];
  /** The user's today, 'YYYY-MM-DD': the last selectable day. */
  today: string;
  /** The range rule's message (seed 001 §5), shown under the field it concerns. */
  error?: string | null;
  placeholder?: string;
  clearable?: boolean;
  /** Marks Duration as required, with the line saying when it is not. */
  required?: { unless: string };
}

/**
 * Duration: a preset, or Custom with a start and an end day between 1 Jan 2020 and today (seed 001
 * §5). The screen checks the range's rules and passes the message back as `error`.
 */
export function DurationPicker({ value, onChange, presets, today, error, placeholder = 'Select duration', clearable = false, required }: DurationPickerProps) {
  const custom = value.preset === CUSTOM;
  const setPreset = (preset: string | null) => onChange({ preset: preset as DurationValue['preset'], custom: preset === CUSTOM ? value.custom : [null, null] });
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <Select
        label="Duration"
        placeholder={placeholder}
        data={[...presets, CUSTOM]}
        value={value.preset}
        onChange={setPreset}
        clearable={clearable}
        allowDeselect={false}
        required={required !== undefined}
        description={required?.unless}
        error={custom ? undefined : error}
        w={{ base: '100%', xs: 190 }}
      />
      {custom && (
        <Suspense fallback={<Loader size="sm" mt={30} role="status" aria-label="Loading the calendar" />}>
          <CustomRangeInputs range={value.custom} onChange={(range) => onChange({ preset: CUSTOM, custom: range })} today={today} error={error} />
        </Suspense>
      )}
    </Group>
  );
}

/**
 * The range a duration stands for: the preset's days, the custom days (either end possibly
 * missing), or null when nothing is chosen.
 */
function durationRange(value: DurationValue, today: string): Partial<DateRange> | null {
  if (value.preset === null) return null;
  if (value.preset === CUSTOM) return { start_date: value.custom[0] ?? undefined, end_date: value.custom[1] ?? undefined };
  return presetRange(value.preset, today);
}

/** The duration's range, or the first rule it breaks: 'Duration is mandatory', then the range rules. */
export function checkDuration(value: DurationValue, maxDays: number, today: string): { range: DateRange } | { error: string } {
  const range = durationRange(value, today);
  if (!range?.start_date || !range.end_date) return { error: REPORT_MESSAGES.durationMandatory };
  const complete = { start_date: range.start_date, end_date: range.end_date };
  const problem = dateRangeProblem(complete, maxDays, today);
  return problem ? { error: problem } : { range: complete };
}
