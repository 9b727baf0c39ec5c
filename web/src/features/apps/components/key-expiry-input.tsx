import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import { CALENDAR_LABELS } from '@/components/calendar-labels';

/** The chosen day's last second, local time: a key chosen to expire on a day works through it. */
export const endOfDay = (day: string) => new Date(`${day}T23:59:59`).getTime();
const isoDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

interface KeyExpiryInputProps {
  label: string;
  /** The chosen day (YYYY-MM-DD); null: the key never expires. */
  value: string | null;
  onChange: (day: string | null) => void;
}

/** An optional expiry day for a key, from tomorrow on; owners are reminded before it. */
export function KeyExpiryInput({ label, value, onChange }: KeyExpiryInputProps) {
  const tomorrow = new Date();
  tomorrow.setDate(tomorrow.getDate() + 1);
  return (
    <DatePickerInput
      label={label}
      description="The key stops working at the end of this day. Owners get a reminder email 7 days and 1 day before."
      placeholder="Never"
      value={value}
      onChange={onChange}
      minDate={isoDay(tomorrow)}
      valueFormat="DD MMM YYYY"
      ariaLabels={CALENDAR_LABELS}
      clearable
    />
  );
}
