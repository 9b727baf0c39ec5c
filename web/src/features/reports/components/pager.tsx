import { Button, Group, Text, UnstyledButton } from '@mantine/core';
import { pageWindow } from '@/features/reports/paging';

interface PagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}

/** Previous, a window of five page numbers and Next (seed 001 §9), as a labelled navigation landmark. */
export function Pager({ page, totalPages, onChange, disabled = false }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <Group component="nav" aria-label="Result Set pages" justify="space-between" gap="sm" wrap="wrap">
      <Text fz="sm" c="dimmed">
        Page {page} of {totalPages}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Button variant="default" size="xs" onClick={() => onChange(page - 1)} disabled={disabled || page <= 1}>
          Previous
        </Button>
        {pageWindow(page, totalPages).map((number) => (
          <UnstyledButton
            key={number}
            className="report-page-number"
            data-active={number === page || undefined}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => onChange(number)}
            disabled={disabled}
          >
            {number}
          </UnstyledButton>
        ))}
        <Button variant="default" size="xs" onClick={() => onChange(page + 1)} disabled={disabled || page >= totalPages}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
