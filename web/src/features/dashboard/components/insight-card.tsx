import { Badge, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ProductUsage } from '@verigate/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { usageInsight } from '@/features/dashboard/insight';
import { formatCount } from '@/lib/format';

const COLORS = { increase: 'green', decrease: 'red', same: 'gray', new: 'brand', none: 'gray' } as const;

/** The usage insight card (seed 000 §2): the chosen period's calls against the previous period of the same length. */
export function InsightCard({ usage, productName, days }: { usage: UseQueryResult<ProductUsage>; productName: string | null; days: number }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="insight-title" h="100%">
      <Stack gap="sm">
        <Title order={3} fz="md" id="insight-title">
          Usage insight
        </Title>
        {usage.isError ? (
          <Text fz="sm" c="dimmed">
            The insight shows once usage loads.
          </Text>
        ) : usage.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading usage insight">
            <Skeleton h={36} w={120} />
            <Skeleton h={16} />
          </Stack>
        ) : (
          <InsightBody current={usage.data.total} previous={usage.data.previous_total} productName={productName} days={days} />
        )}
      </Stack>
    </Paper>
  );
}

function InsightBody({ current, previous, productName, days }: { current: number; previous: number; productName: string | null; days: number }) {
  const insight = usageInsight(current, previous, productName, days);
  const sign = insight.direction === 'increase' ? '▲' : insight.direction === 'decrease' ? '▼' : '';
  return (
    <Stack gap="xs">
      {insight.percent !== null && (
        <Text fz={36} fw={700} lh={1.1} c={COLORS[insight.direction]} data-direction={insight.direction}>
          <span aria-hidden="true">{sign} </span>
          {insight.percent}%
        </Text>
      )}
      <Text fz="sm">{insight.text}</Text>
      <Stack gap={4} mt="xs">
        <Text fz="sm" c="dimmed">
          This period: <strong>{formatCount(current)}</strong> calls
        </Text>
        <Text fz="sm" c="dimmed">
          Previous {days} {days === 1 ? 'day' : 'days'}: <strong>{formatCount(previous)}</strong> calls
        </Text>
      </Stack>
      <Badge variant="light" color={COLORS[insight.direction]} tt="none" w="fit-content">
        {productName ?? 'All products'}
      </Badge>
    </Stack>
  );
}
