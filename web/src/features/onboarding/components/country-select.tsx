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

/**
 * India's flag drawn, not the emoji: Chrome on Linux and Windows has no flag glyphs and shows the
 * emoji as two empty boxes. Other countries go by their code and name.
 */
function IndiaFlag() {
  return (
    <svg
      width="21"
      height="14"
      viewBox="0 0 21 14"
      aria-hidden
      focusable="false"
      style={{ flexShrink: 0, display: 'block', border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <rect width="21" height="14" fill="#fff" />
      <rect width="21" height="4.67" fill="#ff9933" />
      <rect y="9.33" width="21" height="4.67" fill="#138808" />
      <circle cx="10.5" cy="7" r="1.9" fill="none" stroke="#000080" strokeWidth="0.6" />
    </svg>
  );
}

const flagOf = (country: Country | undefined) => (country?.iso2 === 'IN' ? <IndiaFlag /> : null);

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
      styles={{ dropdown: { maxHeight: 185 } }}
      nothingFoundMessage="No country matches"
      leftSection={flagOf(selected) ?? undefined}
      rightSection={loading ? <Loader size={16} /> : undefined}
      renderOption={({ option }) => {
        const country = byCode.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap" miw={0}>
            <span style={{ width: 21, flexShrink: 0 }}>{flagOf(country)}</span>
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
