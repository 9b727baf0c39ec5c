import { Button, Group, Input } from '@mantine/core';
import { useId, type FormEvent } from 'react';

interface IpEntryFormProps {
  entry: string;
  error: string | null;
  onType: (entry: string) => void;
  onAdd: () => void;
}

/** The field that adds addresses to the whitelist: comma separated, checked on Add. */
export function IpEntryForm({ entry, error, onType, onAdd }: IpEntryFormProps) {
  const entryId = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onAdd();
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Input.Wrapper
        id={entryId}
        label="IP addresses to whitelist"
        description="Separate several addresses with commas. IPv4, IPv6 and CIDR ranges (203.0.113.0/24) are accepted."
        error={error}
        inputWrapperOrder={['label', 'input', 'error', 'description']}
        descriptionProps={{ id: `${entryId}-description` }}
        errorProps={{ id: `${entryId}-error`, role: 'alert' }}
        size="md"
      >
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <Input
            id={entryId}
            placeholder="203.0.113.10, 198.51.100.0/24"
            value={entry}
            onChange={(event) => onType(event.currentTarget.value)}
            error={Boolean(error)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${entryId}-error ${entryId}-description` : `${entryId}-description`}
            autoComplete="off"
            spellCheck={false}
            size="md"
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button type="submit">Add</Button>
        </Group>
      </Input.Wrapper>
    </form>
  );
}
