import { SAMPLE_PDF } from '../documents/pdf.js';
import type { ResultShape } from '../model.js';
import { CATEGORIES } from '../product.js';
import { file, flag, identifier, length, nameToMatch, pattern, text } from '../requests/fields.js';
import { arr, bool, NAME_MATCH_RESULT, NULLABLE, num, obj, str } from '../requests/results.js';
import { at, type ProductEntry } from './define.js';
import { single } from './steps.js';

const category = CATEGORIES.financial;

const accountFields = [identifier('account_number', 'accountNumber'), identifier('ifsc', 'ifsc', { label: 'IFSC number' })];

const BANK_RESULT = {
  account_exists: bool('Whether the bank reports the account as open.'),
  account_number: str('The account number.', 'account-number'),
  ifsc: str('The IFSC.', 'none'),
  bank_name: str('The bank, from the IFSC.', 'none'),
  name_at_bank: str("The holder's name as the bank returned it.", 'name', NULLABLE),
  reason_code: str('TXN, TSP, TUP, NNR, IAN, IIC, DLC, DTX, SPD, SUA (see the reason-code table).', 'none'),
  reason_message: str('The meaning of reason_code.', 'none'),
  name_match: NAME_MATCH_RESULT,
} satisfies ResultShape;

const UPI_MESSAGE = 'Please enter a valid UPI ID';

export const financial: readonly ProductEntry[] = [
  {
    arn: 'in_financial_bank_lite',
    name: 'Bank Account Lite',
    category,
    short_description: "Verifies that a bank account exists and returns the holder's name, without a penny drop.",
    additional_info:
      'Send the account number and IFSC; the account is validated with the bank without moving money, and the registered holder name is returned with an optional name-match result. Used for payout and refund set-up, vendor onboarding and salary accounts.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
    bankReasons: true,
    operations: [single('Verify a bank account (no penny drop)', [...accountFields, nameToMatch()], BANK_RESULT, [at('account_number', -4)])],
  },
  {
    arn: 'in_financial_bank_advance',
    name: 'Bank Account Advance',
    category,
    short_description: 'Verifies a bank account with a penny drop over IMPS and returns the beneficiary name.',
    additional_info:
      'A nominal credit is sent to the account over IMPS, and the beneficiary name returned by the bank is reported with the transaction reference and a reason code (for example DLC when the daily limit is exhausted, or DTX for a duplicate request to retry after 15 minutes). The penny drop is on by default and can be turned off with is_penny_drop. Gives the strongest assurance that an account is open and can receive credits.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: true,
    bankReasons: true,
    operations: [
      single(
        'Verify a bank account with a penny drop',
        [
          ...accountFields,
          nameToMatch(),
          flag('is_penny_drop', { label: 'Penny drop', description: 'Send a nominal IMPS credit to the account (default true).', default: true }),
        ],
        {
          ...BANK_RESULT,
          utr: str('The IMPS reference of the penny drop; null without one.', 'identity-number', NULLABLE),
          amount_deposited: num('Rupees credited (1.00), 0 without a penny drop.'),
        },
        [at('account_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_financial_ifsc_lite',
    name: 'IFSC Lookup',
    category,
    short_description: 'Returns the bank and branch details for an IFSC.',
    additional_info:
      'Resolves an 11-character IFSC to the bank name, branch, address, city, district, state, MICR code and the payment systems the branch supports (NEFT, RTGS, IMPS, UPI). Used to validate bank details captured in forms before an account check or payout.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Look up an IFSC',
        [identifier('ifsc', 'ifsc', { label: 'IFSC number' })],
        {
          ifsc: str('The IFSC.', 'none'),
          bank: str('Bank name.', 'none'),
          branch: str('Branch name.', 'none'),
          address: str('Branch address.', 'none'),
          city: str('City.', 'none'),
          district: str('District.', 'none'),
          state: str('State.', 'none'),
          micr: str('MICR code.', 'none', NULLABLE),
          imps: bool('Whether the branch takes IMPS.'),
          neft: bool('Whether the branch takes NEFT.'),
          rtgs: bool('Whether the branch takes RTGS.'),
          upi: bool('Whether the bank is on UPI.'),
        },
        [at('ifsc', -4)],
      ),
    ],
  },
  {
    arn: 'in_financial_upi_lite',
    name: 'UPI ID Verification',
    category,
    short_description: 'Verifies a UPI ID (VPA) and returns the name registered with it.',
    additional_info:
      'Checks that the virtual payment address is active and returns the account holder name given by the payment service provider, with an optional name match. Used before paying out to a UPI ID and to confirm who a payer is.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Verify a UPI ID',
        [
          text('customer_upi_id', {
            label: 'UPI ID',
            description: 'The virtual payment address, name@handle.',
            personal: 'upi',
            message: UPI_MESSAGE,
            example: 'rahul.sharma1234@okhdfc',
            rules: [length(undefined, 100, UPI_MESSAGE), pattern(/^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/, UPI_MESSAGE)],
          }),
          nameToMatch(),
        ],
        {
          upi_id: str('The UPI ID.', 'upi'),
          account_holder_name: str('Name given by the payment service provider.', 'name', NULLABLE),
          psp: str('The handle’s payment service provider.', 'none'),
          status: str("'ACTIVE' or 'INACTIVE'.", 'none'),
          name_match: NAME_MATCH_RESULT,
        },
        [at('customer_upi_id', 0, '@')],
      ),
    ],
  },
  {
    arn: 'in_financial_bankstatement_analyser',
    name: 'Bank Statement Analyser',
    category,
    short_description: 'Extracts and analyses the transactions in a bank statement.',
    additional_info:
      'Parses PDF statements of Indian banks, checks them for signs of tampering, categorises each transaction and returns monthly summaries: average balance, inflows and outflows, salary credits, EMIs, cheque bounces and cash deposits. Used by lenders to assess income and repayment capacity.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Analyse a bank statement',
        [
          file('statement_file', {
            label: 'Statement',
            description: 'The bank statement, a PDF as base64 without prefix.',
            accept: ['pdf'],
            example: SAMPLE_PDF,
          }),
          text('file_password', {
            label: 'PDF password',
            description: 'The password of a protected statement.',
            // A secret, kept like an OTP: never.
            personal: 'otp',
            message: 'Please enter a valid password',
            example: undefined,
            required: false,
            rules: [length(undefined, 32, 'Please enter a valid password')],
          }),
        ],
        {
          bank_name: str('The bank of the statement.', 'none'),
          account_number: str('The account number, masked.', 'account-number'),
          account_holder: str('The account holder.', 'name', NULLABLE),
          period_from: str('YYYY-MM-DD.', 'none'),
          period_to: str('YYYY-MM-DD.', 'none'),
          average_balance: num('Average daily balance, rupees.'),
          total_credits: num('Rupees.'),
          total_debits: num('Rupees.'),
          salary_credits: num('Number of salary credits.'),
          emi_debits: num('Number of EMI debits.'),
          bounced_cheques: num('Number of bounced cheques or mandates.'),
          tampered: bool('Whether signs of editing were found.'),
          monthly: arr(
            'Per month.',
            obj('A month.', { month: str('YYYY-MM.', 'none'), credits: num('Rupees.'), debits: num('Rupees.'), closing_balance: num('Rupees.') }),
          ),
        },
        [at('statement_file', 0)],
      ),
    ],
  },
];
