import { Stack, Text } from '@mantine/core';
import { REPORT_MESSAGES, todayIn, type ReportFilter } from '@verigate/contracts';
import { useMemo, useState } from 'react';
import { useApps } from '@/lib/api/apps/get-apps';
import { useProducts } from '@/lib/api/products/get-products';
import { useReport } from '@/lib/api/reports/get-report';
import { ReportFilters } from '@/features/reports/components/report-filters';
import { ResultSet } from '@/features/reports/components/result-set';
import { DEFAULT_DRAFT, browserTimeZone, draftFilter, type DraftProblems, type ReportDraft } from '@/features/reports/report-draft';
import '@/features/reports/reports.css';

/** /application/reports (Usage): find the organisation's calls, page through them and export them. */
export function ReportsPage() {
  const timeZone = useMemo(browserTimeZone, []);
  const today = todayIn(timeZone, new Date());
  const [draft, setDraft] = useState<ReportDraft>(DEFAULT_DRAFT);
  const [problems, setProblems] = useState<DraftProblems>({});
  // The screen opens with the default filters already run: the latest calls, not an empty table.
  const [filter, setFilter] = useState<ReportFilter | null>(() => {
    const opening = draftFilter(DEFAULT_DRAFT, today, timeZone);
    return 'filter' in opening ? opening.filter : null;
  });
  const report = useReport(filter);
  const products = useProducts('all');
  const apps = useApps('report');

  const productOptions = useMemo(() => (products.data ?? []).map((product) => ({ value: product.arn, label: product.name })), [products.data]);
  const appOptions = useMemo(() => (apps.data ?? []).map((app) => ({ value: app._id, label: app.name })), [apps.data]);
  const productNames = useMemo(() => new Map(productOptions.map((option) => [option.value, option.label])), [productOptions]);
  const appNames = useMemo(() => new Map(appOptions.map((option) => [option.value, option.label])), [appOptions]);

  const onChange = (next: ReportDraft) => {
    setDraft(next);
    // A message goes once the field it is about changes.
    if (problems.searchId && next.searchId !== draft.searchId) setProblems((current) => ({ ...current, searchId: undefined }));
    if (problems.duration && next.duration !== draft.duration) setProblems((current) => ({ ...current, duration: undefined }));
  };
  const run = () => {
    const result = draftFilter(draft, today, timeZone);
    if ('problems' in result) {
      setProblems(result.problems);
      return;
    }
    setProblems({});
    setFilter(result.filter);
    // Run Report again with the same filter reads the newest calls.
    if (filter && JSON.stringify(filter) === JSON.stringify(result.filter)) void report.refetch();
  };
  const clear = () => {
    setDraft(DEFAULT_DRAFT);
    setProblems({});
    setFilter(null);
  };

  return (
    <Stack gap="lg">
      <ReportFilters
        draft={draft}
        onChange={onChange}
        problems={problems}
        products={productOptions}
        apps={appOptions}
        today={today}
        onRun={run}
        onClear={clear}
        running={report.isFetching}
      />
      {filter ? (
        <ResultSet
          report={report}
          filter={filter}
          onPage={(page_no) => setFilter({ ...filter, page_no })}
          productName={(arn) => productNames.get(arn) ?? arn}
          appName={(appId) => appNames.get(appId)}
        />
      ) : (
        <Text c="dimmed" ta="center" py="xl" role="note">
          {REPORT_MESSAGES.hint}
        </Text>
      )}
    </Stack>
  );
}
