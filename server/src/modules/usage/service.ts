import { Readable } from 'node:stream';
import {
  addDays,
  dateRangeProblem,
  DASHBOARD_MAX_RANGE_DAYS,
  REPORT_MAX_PAGES,
  REPORT_MAX_RANGE_DAYS,
  REPORT_MESSAGES,
  ROLLUP_TIME_ZONE,
  rollupDayOf,
  todayIn,
  type ProductUsage,
  type ProductUsageQuery,
  type ReportCsvQuery,
  type ReportFilter,
  type ReportPage,
  type TotalTransactionCounts,
  type TransactionStats,
  type TransactionStatsQuery,
} from '@verigate/contracts';
import type { Audit } from '../../platform/audit.js';
import type { Database } from '../../db/client.js';
import { poolOf } from '../../db/pool.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { Jobs } from '../../platform/jobs.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import { ensureMonths, ensurePartitions, retireMonth, type Month } from './partitions.js';
import { countRows, CSV_HEADER, csvBatches, pageCsv, readPage, reportRange } from './report.js';
import { foldRollupSlots, rebuildRollups, statsByProduct, totalCalls, usageSeries } from './rollups.js';

// The monthly partitions and the report's days and instants, for the other monthly table (API Logs).
export { addMonths, API_LOGS, dropMonthsBefore, ensureMonths, ensurePartitions, listMonths, monthOf, partitionName, type Month } from './partitions.js';
export { reportRange, zoned } from './report.js';

/**
 * Usage: the reports over every provider-API call of an organisation, their CSV export, the
 * dashboard's figures, and the monthly partitions of `transactions`. The gateway writes the calls
 * and their daily rollups (gateway/transactions.ts); this module only reads them, and keeps the
 * partitions the gateway writes into ready.
 */

const PARTITION_QUEUE = 'usage.partitions';
/** Rows read per statement of an export: one batch is all the memory an export holds. */
const EXPORT_BATCH = 10_000;

interface Dependencies {
  db: Database;
  clock: Clock;
  jobs: Jobs;
  audit: Audit;
}

export interface CsvExport {
  /** Rows the export will stream. */
  total: number;
  fileName: string;
  stream: Readable;
}

export function createUsageService({ db, clock, jobs, audit }: Dependencies) {
  const pool = poolOf(db);

  /** The server's own rule on top of the contract's: no day after today in the zone the days are in. */
  function requireNotAfterToday(range: { start_date?: string | undefined; end_date?: string | undefined }, maxDays: number, timeZone: string) {
    if (range.start_date === undefined || range.end_date === undefined) return;
    const problem = dateRangeProblem({ start_date: range.start_date, end_date: range.end_date }, maxDays, todayIn(timeZone, clock.now()));
    if (problem) throw new AppError('bad_request', problem);
  }

  const freshness = () => ({ as_of: clock.now().toISOString(), time_zone: ROLLUP_TIME_ZONE });

  const service = {
    /** One page of the report (get_org_csv_usage_reports) and the filter's total. */
    async report(organisationId: string, filter: ReportFilter): Promise<ReportPage> {
      requireNotAfterToday(filter, REPORT_MAX_RANGE_DAYS, filter.tz);
      const range = reportRange(filter);
      const [rows, total] = await Promise.all([
        readPage(pool, organisationId, filter, range, filter.tz, (filter.page_no - 1) * filter.per_page, filter.per_page),
        countRows(pool, organisationId, filter, range),
      ]);
      return {
        message: total > 0 ? REPORT_MESSAGES.found : REPORT_MESSAGES.noRecords,
        data: {
          rows,
          total,
          page_no: filter.page_no,
          per_page: filter.per_page,
          total_pages: Math.min(Math.ceil(total / filter.per_page), REPORT_MAX_PAGES),
          tz: filter.tz,
        },
      };
    },

    /**
     * The filter's rows as CSV, streamed: the whole result (`all`) or one page (`page`). The
     * columns are the report row's; times are in the query's zone with their offset.
     */
    /** The report as CSV; the export itself is audited (who took which rows). */
    async exportCsv(organisationId: string, query: ReportCsvQuery, actor: string, origin: RequestOrigin): Promise<CsvExport> {
      requireNotAfterToday(query, REPORT_MAX_RANGE_DAYS, query.tz);
      const range = reportRange(query);
      let total: number;
      let lines: AsyncIterable<string> | Iterable<string>;
      if (query.scope === 'page') {
        const page = await pageCsv(pool, organisationId, query, range, query.tz, (query.page_no - 1) * query.per_page, query.per_page);
        total = page.rows;
        lines = [page.text];
      } else {
        total = await countRows(pool, organisationId, query, range);
        lines = csvBatches(pool, organisationId, query, range, query.tz, EXPORT_BATCH);
      }
      async function* csv() {
        yield CSV_HEADER;
        yield* lines;
      }
      await audit.record(db, { actor, organisationId, action: 'usage.exported', details: { filters: query, rows: total }, origin });
      const span = query.id !== undefined ? query.id : `${query.start_date}-to-${query.end_date}`;
      const page = query.scope === 'page' ? `-page-${query.page_no}` : '';
      return { total, fileName: `usage-report-${span}${page}.csv`, stream: Readable.from(csv(), { objectMode: false }) };
    },

    /** get_org_product_usage: calls per day of the range, for one product or all. */
    async productUsage(organisationId: string, query: ProductUsageQuery): Promise<ProductUsage> {
      requireNotAfterToday(query, DASHBOARD_MAX_RANGE_DAYS, ROLLUP_TIME_ZONE);
      const range = { start_date: query.start_date!, end_date: query.end_date! };
      const series = await usageSeries(pool, organisationId, range, query.arn);
      return { ...freshness(), arn: query.arn ?? null, usage: series.usage, total: series.total, previous_total: series.previousTotal };
    },

    /** get_org_transaction_stats: per product over the range, for an app and environment or all. */
    async transactionStats(organisationId: string, query: TransactionStatsQuery): Promise<TransactionStats> {
      requireNotAfterToday(query, DASHBOARD_MAX_RANGE_DAYS, ROLLUP_TIME_ZONE);
      const range = { start_date: query.start_date!, end_date: query.end_date! };
      return { ...freshness(), stats: await statsByProduct(pool, organisationId, range, query) };
    },

    /** get_org_total_transaction_counts */
    async totalCounts(organisationId: string): Promise<TotalTransactionCounts> {
      return { ...freshness(), total_count: await totalCalls(pool, organisationId) };
    },

    /** Rebuilds an organisation's rollups from its rows (after a bulk load or an import that bypassed the gateway). */
    rebuildRollups: (organisationId: string) => rebuildRollups(pool, organisationId),

    /** Creates the months ahead that are missing; returns them. */
    ensurePartitions: (): Promise<Month[]> => ensurePartitions(pool, clock.now()),

    /** Gives every month from `first` to `last` a partition of its own (before importing past calls). */
    ensureMonths: (first: Month, last: Month): Promise<Month[]> => ensureMonths(pool, first, last),

    /** Detaches a past month without stopping writes, and drops it unless `keep`. */
    retireMonth: (month: Month, options: { keep?: boolean } = {}) => retireMonth(pool, month, clock.now(), options),

    /** Folds the writer slots' rollup rows of the days before yesterday (India Standard Time) into one row per key. */
    foldRollupSlots: (): Promise<number> => foldRollupSlots(pool, addDays(rollupDayOf(clock.now()), -1)),

    /** Keeps the coming months' partitions ready and past days' rollups folded: at start and every day. */
    async startJobs(): Promise<void> {
      await jobs.define(PARTITION_QUEUE, { policy: 'singleton', retryLimit: 3 });
      await jobs.work(PARTITION_QUEUE, async () => {
        await service.ensurePartitions();
        await service.foldRollupSlots();
      });
      await jobs.schedule(PARTITION_QUEUE, '17 3 * * *');
      await jobs.send(PARTITION_QUEUE, {}, { singletonKey: 'start' });
    },
  };
  return service;
}

export type UsageService = ReturnType<typeof createUsageService>;
