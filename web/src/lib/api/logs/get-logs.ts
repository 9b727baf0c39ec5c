import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { ApiLogDetail, ApiLogPage } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { queryKeys } from '@/lib/api/query-keys';

/** The query of GET /logs as the screen builds it (strings, as they travel). */
export type LogsSearch = Record<string, string>;

/** GET /logs?…: a page of the organisation's calls, newest first. */
export async function getLogs(search: LogsSearch): Promise<ApiLogPage> {
  return orThrow(await apiRequest<ApiLogPage>('GET', `/logs?${new URLSearchParams(search)}`));
}

/** GET /logs/{requestId}: one call with its masked request and answer. */
export async function getLog(requestId: string, timeZone: string): Promise<ApiLogDetail> {
  return orThrow(await apiRequest<ApiLogDetail>('GET', `/logs/${encodeURIComponent(requestId)}?${new URLSearchParams({ tz: timeZone })}`));
}

/** The page of `search`, or nothing before the first search. */
export function useLogs(search: LogsSearch | null) {
  const organisationId = currentOrganisationId() ?? '';
  const key = search ? new URLSearchParams(search).toString() : '';
  return useQuery({
    queryKey: queryKeys.logs(organisationId, key),
    queryFn: search ? () => getLogs(search) : skipToken,
    // Another page keeps the current one on screen until it arrives, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

/** One call's detail, while the drawer shows it. */
export function useLog(requestId: string | null, timeZone: string) {
  const organisationId = currentOrganisationId() ?? '';
  return useQuery({
    queryKey: queryKeys.log(organisationId, requestId ?? ''),
    queryFn: requestId ? () => getLog(requestId, timeZone) : skipToken,
  });
}
