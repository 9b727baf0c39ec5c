import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';

/** Keyset pages, newest first: the cursors of the pages seen so far (page n is read with the (n - 1)th; the first with none). */
export function useCursorPages() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    /** The cursor of the page on screen; undefined on the first. */
    cursor: cursors.at(-1),
    number: cursors.length + 1,
    isFirst: cursors.length === 0,
    reset: () => setCursors([]),
    newer: () => setCursors((seen) => seen.slice(0, -1)),
    older: (next: string) => setCursors((seen) => [...seen, next]),
  };
}

export type CursorPages = ReturnType<typeof useCursorPages>;

/** 'Page n' with Newer and Older, for a list read page by page with cursors. */
export function CursorPager({ pages, nextCursor, busy }: { pages: CursorPages; nextCursor: string | null; busy: boolean }) {
  return (
    <Group justify="space-between">
      <Text fz="sm" c="dimmed" aria-live="polite">
        Page {pages.number}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={pages.isFirst || busy} onClick={pages.newer}>
          Newer
        </Button>
        <Button variant="default" size="xs" disabled={!nextCursor || busy} onClick={() => nextCursor && pages.older(nextCursor)}>
          Older
        </Button>
      </Group>
    </Group>
  );
}
