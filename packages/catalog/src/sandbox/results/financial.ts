import { BANK_REASON_CODES } from '../../requests/magic.js';
import type { BuildInput, ProductSandbox, Result } from '../engine.js';
import { addressFrom, maskAllBut, personFrom, STATES } from '../people.js';
import { bankOf, text, withNameMatch } from '../subjects.js';
import { single } from './flows.js';

/**
 * A bank account check: the reason code the IFSC asks for (TXN for an ordinary one) decides
 * whether the account exists and whether a name comes back; a refusal reason (DLC, DTX, …)
 * answers only the reason.
 */
function bankAccount(input: BuildInput): Result {
  const { data, rng } = input;
  const reason = input.reason ?? 'TXN';
  const { meaning, responseCode } = BANK_REASON_CODES[reason];
  const verdict = { reason_code: reason, reason_message: meaning };
  if (responseCode >= 104) return verdict;
  const account = text(data, 'account_number');
  const ifsc = text(data, 'ifsc');
  const person = personFrom(rng('bank', account, ifsc));
  const exists = responseCode !== 101;
  return withNameMatch(
    { account_exists: exists, account_number: account, ifsc, bank_name: bankOf(ifsc), name_at_bank: exists ? person.fullName : null, ...verdict },
    exists ? data.name_to_match : undefined,
    person.fullName,
  );
}

function pennyDrop(input: BuildInput): Result {
  const result = bankAccount(input);
  if (!('account_exists' in result)) return result;
  const dropped = input.data.is_penny_drop !== false && result.account_exists === true;
  return { ...result, utr: dropped ? `${input.rng('utr', input.data.account_number).digits(12)}` : null, amount_deposited: dropped ? 1 : 0 };
}

function ifscLookup({ data, rng }: BuildInput): Result {
  const ifsc = text(data, 'ifsc');
  const random = rng('ifsc', ifsc);
  const index = random.int(0, STATES.length - 1);
  const address = addressFrom(random);
  const city = address.split(', ')[2] ?? 'MUMBAI';
  return {
    ifsc,
    bank: bankOf(ifsc),
    branch: `${city} ${random.pick(['MAIN', 'CITY', 'INDUSTRIAL AREA', 'MG ROAD'])}`,
    address,
    city,
    district: city,
    state: STATES[index],
    micr: `${random.digits(3)}${random.digits(3)}${random.digits(3)}`,
    imps: true,
    neft: true,
    rtgs: random.next() < 0.9,
    upi: true,
  };
}

const PSPS: Record<string, string> = {
  okhdfc: 'HDFC Bank',
  okicici: 'ICICI Bank',
  oksbi: 'State Bank of India',
  okaxis: 'Axis Bank',
  ybl: 'PhonePe (Yes Bank)',
  paytm: 'Paytm Payments Bank',
  upi: 'NPCI BHIM',
};

function upi({ data, rng }: BuildInput): Result {
  const id = text(data, 'customer_upi_id');
  const person = personFrom(rng('upi', id.toLowerCase()));
  const handle = id.split('@')[1]!.toLowerCase();
  return withNameMatch(
    { upi_id: id, account_holder_name: person.fullName, psp: PSPS[handle] ?? 'Sandbox PSP', status: 'ACTIVE' },
    data.name_to_match,
    person.fullName,
  );
}

function bankStatement({ data, rng }: BuildInput): Result {
  const random = rng('statement', text(data, 'statement_file').length, text(data, 'statement_file').slice(-64));
  const months = Array.from({ length: 6 }, (_, index) => {
    const credits = random.int(40_000, 180_000);
    return {
      month: `2024-${String(index + 4).padStart(2, '0')}`,
      credits,
      debits: Math.round(credits * (0.7 + random.next() * 0.25)),
      closing_balance: random.int(10_000, 250_000),
    };
  });
  const sum = (key: 'credits' | 'debits') => months.reduce((total, month) => total + month[key], 0);
  return {
    bank_name: random.pick(['HDFC Bank', 'State Bank of India', 'ICICI Bank', 'Axis Bank']),
    account_number: maskAllBut(`5010${random.digits(10)}`, 4),
    account_holder: personFrom(random).fullName,
    period_from: '2024-04-01',
    period_to: '2024-09-30',
    average_balance: Math.round(months.reduce((total, month) => total + month.closing_balance, 0) / months.length),
    total_credits: sum('credits'),
    total_debits: sum('debits'),
    salary_credits: random.int(5, 6),
    emi_debits: random.int(0, 12),
    bounced_cheques: random.next() < 0.2 ? 1 : 0,
    tampered: false,
    monthly: months,
  };
}

export const financialSandboxes: Record<string, ProductSandbox> = {
  in_financial_bank_lite: single(bankAccount, ['name_at_bank']),
  in_financial_bank_advance: single(pennyDrop, ['name_at_bank']),
  in_financial_ifsc_lite: single(ifscLookup, ['micr']),
  in_financial_upi_lite: single(upi, ['account_holder_name']),
  in_financial_bankstatement_analyser: single(bankStatement, ['account_holder']),
};
