import { Button, CopyButton, Group, TextInput, Tooltip } from '@mantine/core';

/** A read-only value (an API key, an app id) with a Copy button that says when it has copied. */
export function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        style={{ flex: 1, minWidth: 0 }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
            <Button variant={copied ? 'filled' : 'light'} color={copied ? 'green' : 'brand'} onClick={copy} aria-label={`Copy ${label}`} w={96}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
