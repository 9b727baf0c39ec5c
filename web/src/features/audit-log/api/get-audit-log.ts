import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditLogCsvPath, auditLogPath, type AuditLogPage } from '@verigate/contracts';
import { apiDownload, apiRequest, orThrow } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';

/** The filters of the audit log as they travel (strings), the cursor included. */
export type AuditSearch = Record<string, string>;

const queryString = (search: AuditSearch) => {
  const text = new URLSearchParams(Object.entries(search).filter(([, value]) => value !== '')).toString();
  return text ? `?${text}` : '';
};

export function useAuditLog(search: AuditSearch) {
  const organisationId = currentOrganisationId() ?? '';
  return useQuery({
    queryKey: ['audit-log', organisationId, queryString(search)],
    queryFn: async () => orThrow(await apiRequest<AuditLogPage>('GET', `${auditLogPath}${queryString(search)}`)),
    placeholderData: keepPreviousData,
  });
}

/** Every row of the filters, as the CSV file the server writes. */
export const downloadAuditLog = (search: AuditSearch) => apiDownload(`/api${auditLogCsvPath}${queryString(search)}`);
