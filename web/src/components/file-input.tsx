import { Input } from '@mantine/core';
import { useId, type ChangeEvent } from 'react';
import './file-input.css';

interface FileInputProps {
  label: string;
  file: File | null;
  error?: string | null | undefined;
  description?: string | undefined;
  disabled?: boolean;
  /** The picker's filter: MIME types and extensions (default: PDF). */
  accept?: string;
  required?: boolean;
  onChange: (file: File | null) => void;
}

const formatSize = (bytes: number) => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`);

/**
 * A labelled native file input: keyboard reachable, named by its label (so tests can
 * `getByLabel(label).setInputFiles(...)`), with the chosen file and any error announced below it.
 */
export function FileInput({
  label,
  file,
  error,
  description = 'PDF, less than 2 MB.',
  disabled,
  accept = 'application/pdf,.pdf',
  required = true,
  onChange,
}: FileInputProps) {
  const id = useId();
  const describedBy = [`${id}-description`, error && `${id}-error`].filter(Boolean).join(' ');
  const hint = file ? `${file.name}, ${formatSize(file.size)}. ${description}` : description;

  const onInput = (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.files?.[0] ?? null);

  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={hint}
      error={error}
      withAsterisk={required}
      size="md"
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <input
        id={id}
        type="file"
        accept={accept}
        className="file-input"
        data-invalid={error ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={onInput}
      />
    </Input.Wrapper>
  );
}
