import { Checkbox, Group, Input, NativeSelect, Radio, SegmentedControl, Textarea, TextInput } from '@mantine/core';
import { DAYS, MONTHS } from '@verigate/contracts';
import { acceptedExtensions, type Field, type Option } from '@verigate/catalog';
import { useId, useState } from 'react';
import { FileInput } from '@/components/file-input';
import { hasDay, isDateParts, type DateParts, type FormValue } from './form-model';
import { useRemoteOptions } from './remote-options';

export interface ControlProps {
  field: Field;
  value: FormValue | undefined;
  error: string | undefined;
  disabled: boolean;
  /** The value of the field this one depends on (an e-stamp article's branch). */
  dependsOnValue: string;
  onChange(value: FormValue): void;
}

const text = (value: FormValue | undefined) => (typeof value === 'string' ? value : '');

/** One field of a trial form, by its definition's control (seed 001 §5: selects, date parts, files, toggles). */
export function FieldControl(props: ControlProps) {
  const { field, value, error, disabled, onChange } = props;
  const required = field.required !== false;
  switch (field.form.control) {
    case 'select':
      return <SelectControl {...props} />;
    case 'radio':
      return (
        <Radio.Group label={field.label} value={text(value)} onChange={onChange} error={error} withAsterisk={required}>
          <Group gap="md" mt={6}>
            {(field.options ?? []).map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'switch':
      return (
        <Input.Wrapper label={field.label} error={error}>
          <SegmentedControl
            fullWidth
            mt={4}
            value={text(value)}
            onChange={onChange}
            disabled={disabled}
            data={(field.options ?? []).map((option) => ({ value: option.value, label: option.label }))}
          />
        </Input.Wrapper>
      );
    case 'checkbox':
      return (
        <Checkbox label={field.label} checked={value === true} onChange={(event) => onChange(event.currentTarget.checked)} disabled={disabled} error={error} />
      );
    case 'date-parts':
      return <DatePartsControl {...props} />;
    case 'file':
      return <FileControl {...props} />;
    case 'textarea':
      return (
        <Textarea
          label={field.label}
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          withAsterisk={required}
          disabled={disabled}
          autosize
          minRows={2}
        />
      );
    default:
      return (
        <TextInput
          label={field.label}
          placeholder={field.form.placeholder}
          description={field.form.hint}
          value={text(value)}
          onChange={(event) => onChange(field.form.uppercase ? event.currentTarget.value.toUpperCase() : event.currentTarget.value)}
          error={error}
          withAsterisk={required}
          disabled={disabled}
          inputMode={field.type === 'number' ? 'numeric' : undefined}
          autoComplete="off"
        />
      );
  }
}

/** A closed list, or one loaded at run time; disabled until the field it depends on has a value. */
function SelectControl({ field, value, error, disabled, dependsOnValue, onChange }: ControlProps) {
  const remote = useRemoteOptions(field, dependsOnValue);
  const waiting = field.form.dependsOn !== undefined && dependsOnValue === '';
  const data: Option[] = [{ value: '', label: remote.loading && !waiting ? 'Loading…' : 'Select' }, ...remote.options];
  return (
    <NativeSelect
      label={field.label}
      data={data}
      value={text(value)}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error ?? (remote.error ? `${field.label}: the list could not load` : undefined)}
      description={waiting ? field.form.dependsOn!.message : field.form.hint}
      withAsterisk={field.required !== false}
      disabled={disabled || waiting || (remote.loading && field.form.optionsFrom !== undefined)}
    />
  );
}

const EMPTY_PARTS: DateParts = { day: '', month: '', year: '' };

/** Day, month and year selects (seed 000 §3 reference lists), years within the field's range. */
function DatePartsControl({ field, value, error, disabled, onChange }: ControlProps) {
  const parts = isDateParts(value) ? value : EMPTY_PARTS;
  const groupId = useId();
  const range = field.form.years ?? { from: 1950, to: 'current' as const };
  const last = range.to === 'current' ? new Date().getFullYear() : range.to;
  const years = Array.from({ length: Math.max(0, last - range.from + 1) }, (_, index) => String(last - index));
  const set = (part: keyof DateParts) => (event: { currentTarget: HTMLSelectElement }) => onChange({ ...parts, [part]: event.currentTarget.value });
  const select = (part: keyof DateParts, label: string, options: readonly string[]) => (
    <NativeSelect
      aria-label={`${field.label} ${label.toLowerCase()}`}
      data={[{ value: '', label }, ...options.map((option) => ({ value: option, label: option }))]}
      value={parts[part]}
      onChange={set(part)}
      disabled={disabled}
      error={Boolean(error)}
      style={{ flex: 1 }}
    />
  );
  return (
    <Input.Wrapper
      id={groupId}
      label={field.label}
      error={error}
      withAsterisk={field.required !== false}
      component="fieldset"
      styles={{ root: { border: 0, padding: 0, margin: 0 } }}
    >
      <Group gap="xs" wrap="nowrap" mt={4}>
        {hasDay(field) && select('day', 'Day', DAYS)}
        {select('month', 'Month', MONTHS)}
        {select('year', 'Year', years)}
      </Group>
    </Input.Wrapper>
  );
}

/** Reads a file as base64 without its data: prefix (seed 001 §3). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** An upload (OCR, face, cheque, document processor, eSign PDF): the picker offers the accepted types; the type is checked by content. */
function FileControl({ field, error, disabled, onChange }: ControlProps) {
  const [file, setFile] = useState<File | null>(null);
  const extensions = acceptedExtensions(field);
  const description = [field.form.hint, `${extensions.join(', ')}; up to ${Math.round((field.file?.maxBytes ?? 0) / (1024 * 1024))} MB.`]
    .filter(Boolean)
    .join(' ');
  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) return onChange('');
    readBase64(chosen).then(onChange, () => onChange(''));
  };
  return (
    <FileInput
      label={field.label}
      file={file}
      error={error}
      description={description}
      disabled={disabled}
      accept={extensions.map((extension) => `.${extension}`).join(',')}
      required={field.required !== false}
      onChange={choose}
    />
  );
}
