import type { ReportFilter } from '@verigate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportReportCsv, type CsvProgress } from './export-report-csv';

const FILTER: ReportFilter = {
  tz: 'Asia/Kolkata',
  page_no: 2,
  per_page: 50,
  start_date: '2026-03-01',
  end_date: '2026-03-18',
  product_arn: ['in_identity_pan_lite', 'in_merchant_gstin_lite'],
};

/** A CSV answer that arrives in the given chunks. */
function streamed(chunks: string[], headers: Record<string, string> = {}) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status: 200, headers: { 'content-type': 'text/csv', ...headers } }));
}

/** jsdom's Blob has no text(): read it as the browser's FileReader would. */
const readText = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

beforeEach(() => {
  localStorage.setItem('organisation_id', 'org-1');
  localStorage.setItem('token', 'session-token');
});
afterEach(() => vi.restoreAllMocks());

describe('the CSV export', () => {
  it('asks for the filter’s whole result in the user’s zone, with the session', async () => {
    const fetch = streamed(['id,product\n']);
    await exportReportCsv(FILTER, 'all');
    const [url, init] = fetch.mock.calls[0]!;
    const sent = new URL(String(url), 'http://localhost');
    expect(sent.pathname).toBe('/api/organisation/org-1/usage-report.csv');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      tz: 'Asia/Kolkata',
      page_no: '2',
      per_page: '50',
      start_date: '2026-03-01',
      end_date: '2026-03-18',
      product_arn: 'in_identity_pan_lite,in_merchant_gstin_lite',
      scope: 'all',
    });
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer session-token');
  });

  it('counts the rows as the chunks arrive, against the announced total, and names the file as the server does', async () => {
    streamed(['id,product\n1,a\n2,', 'b\n3,c\n', '4,d'], { 'x-total-count': '4', 'content-disposition': 'attachment; filename="usage-report-2026-03-01.csv"' });
    const seen: CsvProgress[] = [];
    const file = await exportReportCsv(FILTER, 'all', { onProgress: (progress) => seen.push(progress) });
    expect(seen.map((progress) => progress.rows)).toEqual([1, 3, 3]);
    expect(seen.every((progress) => progress.total === 4)).toBe(true);
    expect(file.rows).toBe(4);
    expect(file.filename).toBe('usage-report-2026-03-01.csv');
    expect(await readText(file.blob)).toBe('id,product\n1,a\n2,b\n3,c\n4,d');
  });

  it('passes on the server’s refusal', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ err: { status: 400, code: 'invalid_input', message: 'Duration is mandatory' } }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expect(exportReportCsv(FILTER, 'page')).rejects.toThrow('Duration is mandatory');
  });
});
