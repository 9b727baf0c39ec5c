import { ActionIcon, Grid, Group, Paper, Select, Skeleton, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { DASHBOARD_MAX_RANGE_DAYS, REPORT_MESSAGES, ROLLUP_UTC_OFFSET_MINUTES, daysBetween, rollupDayOf, type DatePreset } from '@verigate/contracts';
import { useEffect, useState } from 'react';
import { CUSTOM, DurationPicker, checkDuration, type DurationValue } from '@/components/duration-picker';
import { IconRefresh } from '@/components/icons';
import { QueryError } from '@/components/query-error';
import { useProducts } from '@/lib/api/products/get-products';
import { useProductUsage } from '@/lib/api/reports/get-product-usage';
import { useTotalTransactionCounts } from '@/lib/api/reports/get-total-transaction-counts';
import { freshnessLabel } from '@/features/dashboard/freshness';
import { InsightCard } from './insight-card';
import { TransactionStatsCard } from './transaction-stats';
import { UsageChart } from './usage-chart';
import { formatCount } from '@/lib/format';

/** The dashboard's durations (seed 001 §5): Last 7/30/60/120 days and Custom, Last 30 days first chosen. */
const DASHBOARD_PRESETS: readonly DatePreset[] = ['Last 7 Days', 'Last 30 Days', 'Last 60 Days', 'Last 120 Days'];
const DEFAULT_DURATION: DurationValue = { preset: 'Last 30 Days', custom: [null, null] };
const ALL_PRODUCTS = 'all';

/**
 * Usage on the dashboard: calls per day over a range of at most 120 days, for one product or all,
 * the insight against the previous period of the same length, and the per-product stats.
 */
export function UsageOverview() {
  // The figures are daily rollups of India's days (ROLLUP_TIME_ZONE): today is India's today.
  const today = rollupDayOf(new Date());
  // Their zone is named only to a visitor whose clock keeps other days (read by its offset: any name India's zone goes by counts as India).
  const visitorKeepsOtherDays = new Date().getTimezoneOffset() !== -ROLLUP_UTC_OFFSET_MINUTES;
  const [duration, setDuration] = useState<DurationValue>(DEFAULT_DURATION);
  const [product, setProduct] = useState<string>(ALL_PRODUCTS);
  const products = useProducts('subscribed');
  const checked = checkDuration(duration, DASHBOARD_MAX_RANGE_DAYS, today);
  // A custom range still being picked is not an error yet: the figures wait for both days.
  const incomplete = duration.preset === CUSTOM && (duration.custom[0] === null || duration.custom[1] === null);
  const range = 'range' in checked ? checked.range : null;
  const usage = useProductUsage(range && { ...range, arn: product === ALL_PRODUCTS ? undefined : product });
  const total = useTotalTransactionCounts({ enabled: true });

  const productOptions = [{ value: ALL_PRODUCTS, label: 'All products' }, ...(products.data ?? []).map((item) => ({ value: item.arn, label: item.name }))];
  const productName = product === ALL_PRODUCTS ? null : (products.data?.find((item) => item.arn === product)?.name ?? product);
  const days = range ? daysBetween(range.start_date, range.end_date) + 1 : 0;
  const asOf = usage.data?.as_of;

  return (
    <Stack gap="lg" component="section" aria-labelledby="usage-title">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="usage-title">
            Usage
          </Title>
          <Text fz="sm" c="dimmed">
            {total.data ? `${formatCount(total.data.total_count)} calls made with your keys so far` : 'Calls made with your keys'}
            {asOf && <Freshness asOf={asOf} />}
          </Text>
        </Stack>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Product"
            data={productOptions}
            value={product}
            onChange={(value) => setProduct(value ?? ALL_PRODUCTS)}
            allowDeselect={false}
            searchable
            w={{ base: '100%', xs: 220 }}
          />
          <DurationPicker
            value={duration}
            onChange={setDuration}
            presets={DASHBOARD_PRESETS}
            today={today}
            error={'error' in checked && !incomplete ? checked.error : null}
          />
          <Tooltip label="Refresh usage" withArrow>
            <ActionIcon
              variant="light"
              size="lg"
              mb={2}
              aria-label="Refresh usage"
              onClick={() => void Promise.all([usage.refetch(), total.refetch()])}
              loading={usage.isFetching}
              disabled={!range}
            >
              <IconRefresh size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} aria-label="Calls per day" component="section" h="100%">
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Title order={3} fz="md">
                  Calls per day
                </Title>
                {usage.data && (
                  <Text fz="sm" c="dimmed">
                    {formatCount(usage.data.total)} in {days} {days === 1 ? 'day' : 'days'}
                    {visitorKeepsOtherDays && ` (${usage.data.time_zone} days)`}
                  </Text>
                )}
              </Group>
              {!range ? (
                <Text c="dimmed" fz="sm" py="xl" ta="center">
                  {incomplete ? 'Pick a start and an end date.' : 'error' in checked ? checked.error : REPORT_MESSAGES.durationMandatory}
                </Text>
              ) : usage.isPending ? (
                <Skeleton h={260} role="status" aria-label="Loading usage" />
              ) : usage.isError ? (
                <QueryError title="Usage could not load" error={usage.error} onRetry={() => usage.refetch()} retrying={usage.isFetching} />
              ) : usage.data.total === 0 ? (
                <Text c="dimmed" py={80} ta="center">
                  {REPORT_MESSAGES.noDataFound}
                </Text>
              ) : (
                <>
                  <UsageChart points={usage.data.usage} label={`Calls per day, ${productName ?? 'all products'}`} />
                  <VisuallyHidden>
                    {formatCount(usage.data.total)} calls from {range.start_date} to {range.end_date}.
                  </VisuallyHidden>
                </>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <InsightCard usage={usage} productName={productName} days={days} />
        </Grid.Col>
      </Grid>
      <TransactionStatsCard range={range} />
    </Stack>
  );
}

/** '· Updated just now', turning into '· as of 14:05' as the minutes pass. */
function Freshness({ asOf }: { asOf: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, [asOf]);
  return <span> · {freshnessLabel(asOf, now)}</span>;
}
