import { DatePickerInput } from '@mantine/dates';
import { EARLIEST_REPORT_DATE } from '@verigate/contracts';
import '@mantine/dates/styles.css';
import { CALENDAR_LABELS } from './calendar-labels';

interface CustomRangeInputsProps {
  range: [string | null, string | null];
  onChange: (range: [string | null, string | null]) => void;
  /** The user's today, 'YYYY-MM-DD': the last selectable day. */
  today: string;
  /** The range rule's message, shown under the end date. */
  error?: string | null;
}

/** Duration's Custom start and end days, between 1 Jan 2020 and today (seed 001 §5). */
export function CustomRangeInputs({ range, onChange, today, error }: CustomRangeInputsProps) {
  return (
    <>
      <DatePickerInput
        label="Start date"
        placeholder="Pick start date"
        value={range[0]}
        onChange={(start) => onChange([start, range[1]])}
        minDate={EARLIEST_REPORT_DATE}
        maxDate={today}
        valueFormat="DD MMM YYYY"
        ariaLabels={CALENDAR_LABELS}
        w={{ base: '100%', xs: 170 }}
      />
      <DatePickerInput
        label="End date"
        placeholder="Pick end date"
        value={range[1]}
        onChange={(end) => onChange([range[0], end])}
        minDate={EARLIEST_REPORT_DATE}
        maxDate={today}
        valueFormat="DD MMM YYYY"
        ariaLabels={CALENDAR_LABELS}
        error={error}
        w={{ base: '100%', xs: 170 }}
      />
    </>
  );
}
