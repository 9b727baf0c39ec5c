import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { ReportFilter, ReportPage } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { queryKeys } from '@/lib/api/query-keys';
import { reportSearch } from './report-search';

/**
 * GET /organisation/{id}?action=get_org_csv_usage_reports&…: one page of the organisation's calls
 * matching `filter`, with the total.
 */
export async function getReport(organisationId: string, filter: ReportFilter): Promise<ReportPage> {
  const search = reportSearch(filter);
  return orThrow(await apiRequest<ReportPage>('GET', `/organisation/${encodeURIComponent(organisationId)}?action=get_org_csv_usage_reports&${search}`));
}

/** The report of `filter`, or nothing before the first Run Report. */
export function useReport(filter: ReportFilter | null) {
  const organisationId = currentOrganisationId() ?? '';
  return useQuery({
    queryKey: queryKeys.report(organisationId, filter ? reportSearch(filter).toString() : ''),
    queryFn: filter && organisationId ? () => getReport(organisationId, filter) : skipToken,
    // Another page keeps the current one on screen until it arrives, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
