import { DEFAULT_ERROR_MESSAGE, REPORT_CSV_TOTAL_HEADER, STORAGE_KEYS, reportCsvPath, type ReportCsvScope, type ReportFilter } from '@verigate/contracts';
import { ApiError } from '@/lib/api/client';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { storage } from '@/lib/storage';
import { reportSearch } from './report-search';

export interface CsvProgress {
  /** Data rows received so far (the header line not counted). */
  rows: number;
  bytes: number;
  /** The rows the server said it will send, when it said. */
  total: number | null;
}

export interface CsvFile {
  blob: Blob;
  rows: number;
  filename: string;
}

const NEWLINE = 10;

/** The refusal of an export answered with the `{err}` envelope instead of CSV. */
async function refusal(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { err?: string | { message?: string; code?: string } };
    const err = body.err;
    if (typeof err === 'string') return new ApiError(err || DEFAULT_ERROR_MESSAGE, response.status);
    return new ApiError(err?.message || DEFAULT_ERROR_MESSAGE, response.status, err?.code);
  } catch {
    return new ApiError(DEFAULT_ERROR_MESSAGE, response.status);
  }
}

const filenameOf = (response: Response, fallback: string) => /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;

/**
 * GET /organisation/{id}/usage-report.csv?…filter…&scope: the whole result of `filter` (`all`) or
 * its current page (`page`), streamed. The body is read chunk by chunk so the portal can show how
 * many rows have arrived (`onProgress`) while the server is still writing; the chunks become one
 * Blob at the end. Times are written in the filter's zone (`tz`), with their offset.
 */
export async function exportReportCsv(
  filter: ReportFilter,
  scope: ReportCsvScope,
  { onProgress, signal }: { onProgress?: (progress: CsvProgress) => void; signal?: AbortSignal } = {},
): Promise<CsvFile> {
  const organisationId = currentOrganisationId() ?? '';
  const token = storage.get(STORAGE_KEYS.token);
  let response: Response;
  try {
    response = await fetch(`/api${reportCsvPath(encodeURIComponent(organisationId))}?${reportSearch(filter, { scope })}`, {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(DEFAULT_ERROR_MESSAGE, 0);
  }
  if (!response.ok || !response.body) throw await refusal(response);

  const announced = Number(response.headers.get(REPORT_CSV_TOTAL_HEADER));
  const total = response.headers.has(REPORT_CSV_TOTAL_HEADER) && Number.isFinite(announced) ? announced : null;
  const chunks: Uint8Array[] = [];
  let lines = 0;
  let bytes = 0;
  let lastByte = NEWLINE;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    for (const byte of value) if (byte === NEWLINE) lines += 1;
    if (value.byteLength > 0) lastByte = value[value.byteLength - 1]!;
    onProgress?.({ rows: Math.max(0, lines - 1), bytes, total });
  }
  // A last line without its newline is a row too.
  const rows = Math.max(0, lines - 1 + (lastByte === NEWLINE ? 0 : 1));
  const fallback = scope === 'page' ? `usage-report-page-${filter.page_no}.csv` : 'usage-report.csv';
  return { blob: new Blob(chunks as BlobPart[], { type: 'text/csv;charset=utf-8' }), rows, filename: filenameOf(response, fallback) };
}

/** Hands a file to the browser's downloads. */
export function saveFile({ blob, filename }: Pick<CsvFile, 'blob' | 'filename'>) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
