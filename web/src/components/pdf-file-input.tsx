import { Input } from '@mantine/core';
import { useId, type ChangeEvent } from 'react';
import './pdf-file-input.css';

interface PdfFileInputProps {
  label: string;
  file: File | null;
  error?: string | null;
  description?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}

const formatSize = (bytes: number) => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`);

/**
 * A labelled native file input for one PDF: keyboard reachable, named by its label (so tests can
 * `getByLabel(label).setInputFiles(...)`), with the chosen file and any error announced below it.
 */
export function PdfFileInput({ label, file, error, description, disabled, onChange }: PdfFileInputProps) {
  const id = useId();
  const describedBy = [`${id}-description`, error && `${id}-error`].filter(Boolean).join(' ');
  const hint = file ? `${file.name}, ${formatSize(file.size)}. ${description ?? 'PDF, less than 2 MB.'}` : (description ?? 'PDF, less than 2 MB.');

  const onInput = (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.files?.[0] ?? null);

  return (
    <Input.Wrapper id={id} label={label} description={hint} error={error} withAsterisk size="md" inputWrapperOrder={['label', 'input', 'description', 'error']}>
      <input
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        className="pdf-file-input"
        data-invalid={error ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        onChange={onInput}
      />
    </Input.Wrapper>
  );
}
