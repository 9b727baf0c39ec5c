import { LoadingOverlay, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { REPORT_MESSAGES, todayIn } from '@verigate/contracts';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CursorPager, useCursorPages } from '@/components/cursor-pager';
import { EmptyRecords } from '@/components/empty-records';
import { QueryError } from '@/components/query-error';
import { useApps } from '@/lib/api/apps/get-apps';
import { useLogs, type LogsSearch } from '@/lib/api/logs/get-logs';
import { useProducts } from '@/lib/api/products/get-products';
import { LogDrawer } from '../components/log-drawer';
import { LogFilters } from '../components/log-filters';
import { LogTable } from '../components/log-table';
import { browserTimeZone, DEFAULT_LOGS_DRAFT, draftSearch, type LogsDraft, type LogsProblems } from '../logs-draft';

/**
 * /application/logs (API Logs): every provider-API call of the organisation with its request and
 * answer as they were kept, masked. `?search=<id>` opens on the calls with that request, task or
 * group id (a report row links here with its request id, a batch card with its batch id).
 */
export function ApiLogsPage() {
  const timeZone = useMemo(browserTimeZone, []);
  const today = todayIn(timeZone, new Date());
  const [params] = useSearchParams();
  const opening: LogsDraft = { ...DEFAULT_LOGS_DRAFT, search: params.get('search')?.trim() ?? '' };
  const [draft, setDraft] = useState<LogsDraft>(opening);
  const [problems, setProblems] = useState<LogsProblems>({});
  const [search, setSearch] = useState<LogsSearch | null>(() => {
    const result = draftSearch(opening, today, timeZone);
    return 'search' in result ? result.search : null;
  });
  const pages = useCursorPages();
  const [open, setOpen] = useState<string | null>(null);
  const page = search ? { ...search, ...(pages.cursor ? { cursor: pages.cursor } : {}) } : null;
  const logs = useLogs(page);
  const products = useProducts('all');
  const apps = useApps('report');

  const productOptions = useMemo(() => (products.data ?? []).map((product) => ({ value: product.arn, label: product.name })), [products.data]);
  const appOptions = useMemo(() => (apps.data ?? []).map((app) => ({ value: app._id, label: app.name })), [apps.data]);
  const productNames = useMemo(() => new Map(productOptions.map((option) => [option.value, option.label])), [productOptions]);

  const run = () => {
    const result = draftSearch(draft, today, timeZone);
    if ('problems' in result) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    pages.reset();
    setSearch(result.search);
    // Search again with the same filters reads the newest calls.
    if (search && JSON.stringify(search) === JSON.stringify(result.search)) void logs.refetch();
  };
  const clear = () => {
    setDraft(DEFAULT_LOGS_DRAFT);
    setProblems({});
    pages.reset();
    setSearch(null);
  };

  const data = logs.data;
  return (
    <Stack gap="lg">
      <LogFilters
        draft={draft}
        onChange={setDraft}
        problems={problems}
        products={productOptions}
        apps={appOptions}
        today={today}
        onRun={run}
        onClear={clear}
        running={logs.isFetching}
      />
      {search ? (
        <Paper component="section" aria-labelledby="logs-title" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} pos="relative">
          <Stack gap="md">
            <Stack gap={2}>
              <Title order={2} fz="md" id="logs-title">
                Calls
              </Title>
              <Text fz="sm" c="dimmed">
                Newest first, 50 a page. Personal data is masked before it is stored
                {data ? `; calls are kept ${data.retention_days} days` : ''}.
              </Text>
            </Stack>
            {logs.isPending ? (
              <Stack gap="xs" aria-busy="true" aria-label="Loading the calls">
                {Array.from({ length: 6 }, (_, index) => (
                  <Skeleton key={index} h={36} />
                ))}
              </Stack>
            ) : logs.isError && !data ? (
              <QueryError title="The calls could not load" error={logs.error} onRetry={() => logs.refetch()} retrying={logs.isFetching} />
            ) : data && data.rows.length === 0 && pages.isFirst ? (
              <EmptyRecords />
            ) : data ? (
              <>
                {logs.isError && <QueryError title="This page could not load" error={logs.error} onRetry={() => logs.refetch()} retrying={logs.isFetching} />}
                <div style={{ position: 'relative' }}>
                  <LoadingOverlay visible={logs.isFetching} zIndex={2} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
                  <LogTable rows={data.rows} productName={(arn) => productNames.get(arn) ?? arn} onOpen={setOpen} />
                </div>
                <CursorPager pages={pages} nextCursor={data.next_cursor} busy={logs.isFetching} />
              </>
            ) : null}
          </Stack>
        </Paper>
      ) : (
        <Text c="dimmed" ta="center" py="xl" role="note">
          {REPORT_MESSAGES.hint.replace("'Run report'", "'Search'")}
        </Text>
      )}
      <LogDrawer requestId={open} timeZone={timeZone} onClose={() => setOpen(null)} />
    </Stack>
  );
}
