import { ActionIcon, Chip, Group, Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { PLAN_LABELS, formatRupees, type Plan, type ProductView } from '@verigate/contracts';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { EmptyRecords } from '@/components/empty-records';
import { IconChevronDown } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { useProducts } from '@/lib/api/products/get-products';
import { ALL_CATEGORIES, categoriesOf } from '@/lib/product-categories';
import { ScrollTable } from '@/components/scroll-table';

interface CompareTableProps {
  /** The plan columns after Description: Custom (when one exists), then Lite, Plus, Advance, Premium. */
  columns: ReadonlyArray<{ title: string; plan: Plan }>;
  /** The product (arn) to highlight and scroll to. */
  highlighted: string | null;
}

const priceOf = (plan: Plan, arn: string) => {
  const price = plan.pricing[arn];
  return price ? formatRupees(price.unit_price) : '—';
};

/**
 * 'Compare based on category' (seed 001 §2 All plans screen): each product's price per call on
 * each plan, filtered by category chips; a row expands to the product's additional_info.
 */
export function CompareTable({ columns, highlighted }: CompareTableProps) {
  const products = useProducts('all');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const categories = useMemo(() => categoriesOf(products.data ?? []), [products.data]);
  const shown = (products.data ?? []).filter((product) => category === ALL_CATEGORIES || product.category === category);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="compare-title">
      <Stack gap="md">
        <Title order={2} fz="lg" id="compare-title">
          {PLAN_LABELS.compareByCategory}
        </Title>
        {products.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading products">
            <Skeleton h={28} w="60%" />
            {Array.from({ length: 5 }, (_, index) => (
              <Skeleton key={index} h={40} />
            ))}
          </Stack>
        ) : products.isError ? (
          <QueryError title="Products could not load" error={products.error} onRetry={() => products.refetch()} retrying={products.isFetching} />
        ) : (
          <>
            <Chip.Group multiple={false} value={category} onChange={setCategory}>
              <Group gap="xs" role="group" aria-label="Category">
                {categories.map((name) => (
                  <Chip key={name} value={name} variant="outline" size="sm">
                    {name}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {shown.length === 0 ? <EmptyRecords /> : <ProductRows products={shown} columns={columns} highlighted={highlighted} />}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function ProductRows({ products, columns, highlighted }: { products: ProductView[]; columns: CompareTableProps['columns']; highlighted: string | null }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(highlighted ? [highlighted] : []));
  const highlightedRow = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    highlightedRow.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, []);
  const toggle = (arn: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(arn)) next.add(arn);
      return next;
    });
  const span = 3 + columns.length + 1;

  return (
    <ScrollTable label="Plan comparison table" minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={48} className="compare-index">
              #
            </Table.Th>
            <Table.Th scope="col" className="compare-name">
              Product Name
            </Table.Th>
            <Table.Th scope="col">Description</Table.Th>
            {columns.map(({ title }) => (
              <Table.Th scope="col" key={title} ta="right">
                {title}
              </Table.Th>
            ))}
            <Table.Th scope="col" w={48}>
              <VisuallyHidden>Details</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product, index) => {
            const open = expanded.has(product.arn);
            const isHighlighted = product.arn === highlighted;
            const detailsId = `product-details-${product.arn}`;
            return (
              <Fragment key={product.arn}>
                <Table.Tr
                  ref={isHighlighted ? highlightedRow : undefined}
                  data-highlighted={isHighlighted || undefined}
                  aria-current={isHighlighted || undefined}
                  className="compare-row"
                  onClick={() => toggle(product.arn)}
                >
                  <Table.Td className="compare-index">{index + 1}</Table.Td>
                  <Table.Th scope="row" fw={600} className="compare-name">
                    {product.name}
                  </Table.Th>
                  <Table.Td fz="sm" c="dimmed">
                    {product.short_description}
                  </Table.Td>
                  {columns.map(({ title, plan }) => (
                    <Table.Td key={title} ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {priceOf(plan, product.arn)}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      onClick={(event) => {
                        event.stopPropagation();
                        toggle(product.arn);
                      }}
                      aria-expanded={open}
                      aria-controls={detailsId}
                      aria-label={`${open ? 'Hide' : 'Show'} details of ${product.name}`}
                      className="compare-toggle"
                      data-open={open || undefined}
                    >
                      <IconChevronDown size={18} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
                {open && (
                  <Table.Tr id={detailsId} data-highlighted={isHighlighted || undefined}>
                    <Table.Td />
                    <Table.Td colSpan={span - 1}>
                      <Text fz="sm" className="compare-details">
                        {product.additional_info || product.short_description}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
