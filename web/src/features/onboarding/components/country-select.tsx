import { Group, Loader, Select, Text } from '@mantine/core';
import type { Country } from '@/lib/api/reference/get-countries';

interface CountrySelectProps {
  countries: Country[] | undefined;
  loading: boolean;
  value: string | null;
  error: string | null;
  onChange: (code: string | null) => void;
  onBlur: () => void;
}

/** Seed 000 §2: searchable country list, India first, each entry with flag, code and name; 185 px tall. */
export function CountrySelect({ countries, loading, value, error, onChange, onBlur }: CountrySelectProps) {
  const byCode = new Map((countries ?? []).map((country) => [country.code, country]));
  const selected = value ? byCode.get(value) : undefined;

  return (
    <Select
      size="md"
      label="Country"

      searchable
      placeholder={loading ? 'Loading countries…' : 'Search country code here'}
      disabled={loading}
      data={(countries ?? []).map((country) => ({ value: country.code, label: `${country.code} ${country.name}` }))}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      allowDeselect={false}
      maxDropdownHeight={185}
      nothingFoundMessage="No country matches"
      leftSection={selected?.flag ? <span aria-hidden>{selected.flag}</span> : undefined}
      rightSection={loading ? <Loader size={16} /> : undefined}
      renderOption={({ option }) => {
        const country = byCode.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap" miw={0}>
            <span aria-hidden>{country?.flag}</span>
            <Text fz="sm" fw={600} w={36} style={{ flexShrink: 0 }}>
              {option.value}
            </Text>
            <Text fz="sm" truncate>
              {country?.name}
            </Text>
          </Group>
        );
      }}
    />
  );
}
