import { Readable } from 'node:stream';
import { productByArn } from '@verigate/catalog';
import {
  addDays,
  csvLine,
  dateRangeProblem,
  EARLIEST_REPORT_DATE,
  LEDGER_CSV_COLUMNS,
  LEDGER_MAX_DAYS,
  STATEMENT_CSV_COLUMNS,
  STATEMENT_MESSAGES,
  rollupDayOf,
  type LedgerQuery,
} from '@verigate/contracts';
import { AppError } from '../../platform/errors.js';
import type { DailyCharge, LedgerEntry } from '../billing/service.js';

/** Midnight starting a calendar day in India. */
const indiaMidnight = (day: string) => new Date(`${day}T00:00:00+05:30`);

/** The instants a month's statement covers, [from, to), checked: from January 2020 up to the current month. */
export function statementPeriod(month: string, now: Date): { from: Date; to: Date; lastDay: string } {
  if (month < EARLIEST_REPORT_DATE.slice(0, 7)) throw new AppError('bad_request', STATEMENT_MESSAGES.beforeEarliest);
  if (month > rollupDayOf(now).slice(0, 7)) throw new AppError('bad_request', STATEMENT_MESSAGES.futureMonth);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  return { from: indiaMidnight(`${month}-01`), to: indiaMidnight(`${next}-01`), lastDay: addDays(`${next}-01`, -1) };
}

/** The instants a ledger download covers, [from, to): whole days, at most a year apart, none after today. */
export function ledgerPeriod(query: LedgerQuery, now: Date): { from: Date; to: Date } {
  const problem = dateRangeProblem(query, LEDGER_MAX_DAYS, rollupDayOf(now));
  if (problem) throw new AppError('bad_request', problem);
  return { from: indiaMidnight(query.start_date), to: indiaMidnight(addDays(query.end_date, 1)) };
}

/** '2026-11-26T10:31:05+05:30': an instant as India's wall clock, with its offset. */
function indiaTimestamp(instant: Date): string {
  const ist = new Date(instant.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(0, 19)}+05:30`;
}

const rupees = (paise: number) => paise / 100;
export const productName = (arn: string) => productByArn(arn)?.name ?? arn;

const ENTRY_LABELS: Record<LedgerEntry['kind'], string> = {
  PLAN_CREDIT: 'Plan credit',
  TOP_UP: 'Wallet top-up',
  CALL: 'Live call',
  ADJUSTMENT: 'Adjustment',
};

/** The ledger of a range as CSV lines, written as the pages of entries arrive. */
export function ledgerCsv(pages: AsyncIterable<LedgerEntry[]>): Readable {
  async function* lines() {
    yield csvLine(LEDGER_CSV_COLUMNS);
    for await (const page of pages) {
      yield page
        .map((entry) =>
          csvLine([
            indiaTimestamp(entry.createdAt),
            ENTRY_LABELS[entry.kind],
            entry.reference,
            entry.productArn ? productName(entry.productArn) : '',
            rupees(entry.amountPaise),
            rupees(entry.balanceAfterPaise),
          ]),
        )
        .join('');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

interface StatementLine {
  day: string;
  description: string;
  amountPaise: number;
}

/** A month of the wallet: each credit and adjustment, the charges per product and day, and the balances around them. */
export interface Statement {
  month: string;
  lastDay: string;
  organisationName: string;
  openingPaise: number;
  credits: StatementLine[];
  charges: DailyCharge[];
  adjustments: StatementLine[];
  closingPaise: number;
}

export const statementTotals = (statement: Statement) => ({
  creditsPaise: statement.credits.reduce((sum, line) => sum + line.amountPaise, 0),
  chargesPaise: statement.charges.reduce((sum, line) => sum + line.amountPaise, 0),
  adjustmentsPaise: statement.adjustments.reduce((sum, line) => sum + line.amountPaise, 0),
});

/**
 * The statement's lines from the ledger's entries: `documents` names the invoice or receipt of a
 * payment (by payment id), so a credit reads as the document the customer already holds.
 */
export function statementLines(entries: LedgerEntry[], documents: Map<string, string>) {
  const describe = (entry: LedgerEntry) => {
    const document = entry.reference.startsWith('payment:') ? documents.get(entry.reference.slice('payment:'.length)) : undefined;
    return document ? `${ENTRY_LABELS[entry.kind]} (${document})` : ENTRY_LABELS[entry.kind];
  };
  const line = (entry: LedgerEntry): StatementLine => ({
    day: rollupDayOf(entry.createdAt),
    description: describe(entry),
    amountPaise: entry.amountPaise,
  });
  return {
    credits: entries.filter((entry) => entry.kind === 'PLAN_CREDIT' || entry.kind === 'TOP_UP').map(line),
    adjustments: entries.filter((entry) => entry.kind === 'ADJUSTMENT').map(line),
  };
}

/** The statement as CSV: the opening balance, every line, then the closing balance. */
export function statementCsv(statement: Statement): string {
  return [
    csvLine(STATEMENT_CSV_COLUMNS),
    csvLine(['Opening balance', `${statement.month}-01`, statement.organisationName, '', '', rupees(statement.openingPaise)]),
    ...statement.credits.map((credit) => csvLine(['Credit', credit.day, credit.description, '', '', rupees(credit.amountPaise)])),
    ...statement.charges.map((charge) =>
      csvLine(['Charge', charge.day, 'Live calls', productName(charge.productArn), charge.calls, rupees(charge.amountPaise)]),
    ),
    ...statement.adjustments.map((adjustment) => csvLine(['Adjustment', adjustment.day, adjustment.description, '', '', rupees(adjustment.amountPaise)])),
    csvLine(['Closing balance', statement.lastDay, statement.organisationName, '', '', rupees(statement.closingPaise)]),
  ].join('');
}
