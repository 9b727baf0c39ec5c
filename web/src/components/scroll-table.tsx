import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import './scroll-table.css';

interface ScrollTableProps {
  /** What the table holds ('Payment History'): the scrolling region's name. */
  label: string;
  /** Below this width the table scrolls sideways inside its card instead of squeezing its columns. */
  minWidth: number;
  children: ReactNode;
}

/**
 * A wide table that scrolls inside its card. The keyboard reaches the scrolling region (arrow keys
 * then scroll it), a shadow at the cut edge shows there is more, and on a narrow screen a line says so.
 */
export function ScrollTable({ label, minWidth, children }: ScrollTableProps) {
  return (
    <>
      <Text fz="xs" c="dimmed" className="scroll-table-hint" aria-hidden>
        Swipe the table sideways to see every column.
      </Text>
      <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label} className="scroll-table">
        {children}
      </Table.ScrollContainer>
    </>
  );
}
