import type { ReportFilter } from '@verigate/contracts';

/**
 * The query string of a report filter, shared by the report's pages and its CSV export: only the
 * fields that are set, several products joined by commas.
 */
export function reportSearch(filter: ReportFilter, extra: Record<string, string> = {}): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined || value === null) continue;
    search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  for (const [name, value] of Object.entries(extra)) search.set(name, value);
  return search;
}
