import { ActionIcon, Button, Group } from '@mantine/core';
import { IconChevronLeft } from '@/components/icons';
import { pageWindow } from '@/features/batch/paging';

interface BatchPaginationProps {
  page: number;
  pageCount: number;
  /** How many page numbers show at once (seed 001 §9: 5). */
  window: number;
  onPage: (page: number) => void;
}

/** Previous, a window of page numbers around the current page, next. Nothing for a single page. */
export function BatchPagination({ page, pageCount, window, onPage }: BatchPaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <Group component="nav" aria-label="Batch pages" justify="center" gap={4} mt="xs">
      <ActionIcon variant="default" size={34} onClick={() => onPage(page - 1)} disabled={page <= 1} aria-label="Previous page">
        <IconChevronLeft size={16} />
      </ActionIcon>
      {pageWindow(page, pageCount, window).map((number) => (
        <Button
          key={number}
          variant={number === page ? 'filled' : 'default'}
          size="compact-md"
          h={34}
          miw={34}
          px={8}
          onClick={() => onPage(number)}
          aria-label={`Page ${number}`}
          aria-current={number === page ? 'page' : undefined}
        >
          {number}
        </Button>
      ))}
      <ActionIcon variant="default" size={34} onClick={() => onPage(page + 1)} disabled={page >= pageCount} aria-label="Next page">
        <IconChevronLeft size={16} style={{ transform: 'rotate(180deg)' }} />
      </ActionIcon>
    </Group>
  );
}
