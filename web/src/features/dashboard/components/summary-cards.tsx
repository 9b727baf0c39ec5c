import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { BILLING_MESSAGES, formatRupees, type Summary } from '@verigate/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@/lib/format';
import { useSummary } from '@/features/dashboard/api/get-summary';

/** Subscribed and pending product counts (seed 001 §3 Summary). */
export function ProductSummary() {
  const summary = useSummary();
  return (
    <SummaryCard
      id="product-summary"
      title="Products"
      link={
        <Anchor component={Link} to="/application/product-catalog" fz="sm" fw={600}>
          Browse catalog
        </Anchor>
      }
    >
      <Figure label="Subscribed" id="count-subscribed" summary={summary} value={(data) => String(data.subscribed_products_count)} />
      <Figure label="Pending approval" id="count-pending" summary={summary} value={(data) => String(data.pending_products_count)} />
    </SummaryCard>
  );
}

/**
 * The plan's validity and the available balance (seed 001 §3 Summary, §6): the balance only on a
 * PREPAID plan, otherwise NA; both NA until a plan is active.
 */
export function PlanSummary() {
  const summary = useSummary();
  const validity = (data: Summary) => (data.plan_validity === null ? BILLING_MESSAGES.notApplicable : formatDate(data.plan_validity));
  const balance = (data: Summary) =>
    data.plan_type === 'PREPAID' && data.wallet_balance !== null ? formatRupees(data.wallet_balance) : BILLING_MESSAGES.notApplicable;
  return (
    <SummaryCard
      id="plan-summary"
      title="Plan"
      link={
        summary.data?.plan_type && (
          <Anchor component={Link} to="/application/billing" fz="sm" fw={600}>
            View billing
          </Anchor>
        )
      }
    >
      <Figure label="Plan validity" id="plan-validity" summary={summary} value={validity} small />
      <Figure label="Available balance" id="available-balance" summary={summary} value={balance} small />
    </SummaryCard>
  );
}

function SummaryCard({ id, title, link, children }: { id: string; title: string; link: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id={`${id}-title`}>
            {title}
          </Title>
          {link}
        </Group>
        <SimpleGrid cols={2} spacing="sm">
          {children}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

interface FigureProps {
  label: string;
  id: string;
  summary: ReturnType<typeof useSummary>;
  value: (summary: Summary) => string;
  /** Dates and amounts are longer than a count. */
  small?: boolean;
}

function Figure({ label, id, summary, value, small = false }: FigureProps) {
  return (
    <Paper bg="gray.0" radius="md" p="md">
      <Stack gap={4}>
        <Text fz="sm" c="dimmed" id={id}>
          {label}
        </Text>
        {summary.isPending ? (
          <Skeleton h={32} w={small ? 96 : 48} />
        ) : summary.isError ? (
          <Text fz="sm" c="red" role="alert">
            Failed to fetch
          </Text>
        ) : (
          <Text fz={small ? 20 : 28} fw={700} lh={small ? 1.6 : 1.15} aria-labelledby={id}>
            {value(summary.data)}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
