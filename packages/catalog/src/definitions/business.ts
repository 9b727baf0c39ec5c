import type { ResultShape } from '../model.js';
import { CATEGORIES } from '../product.js';
import { choice, flag, identifier, length, pattern, text } from '../requests/fields.js';
import { arr, NULLABLE, num, obj, OPTIONAL, str } from '../requests/results.js';
import { at, type ProductEntry } from './define.js';
import { single } from './steps.js';

const category = CATEGORIES.business;

const gstin = identifier('business_gstin_number', 'gstin', { label: 'GSTIN number' });
const cin = identifier('cin_number', 'cin');

const GSTIN_RESULT = {
  gstin: str('The GSTIN.', 'identity-number'),
  legal_name: str('Legal name of the business.', 'name'),
  trade_name: str('Trade name.', 'name', NULLABLE),
  constitution_of_business: str('Proprietorship, Partnership, Private Limited Company, …', 'none'),
  taxpayer_type: str("'Regular', 'Composition', …", 'none'),
  gstin_status: str("'Active', 'Suspended' or 'Cancelled'.", 'none'),
  registration_date: str('Date of registration (YYYY-MM-DD).', 'none'),
  state_jurisdiction: str('State, from the GSTIN’s first two digits.', 'none'),
  principal_place_of_business: str('Address of the principal place of business.', 'address', NULLABLE),
  nature_of_business_activities: arr('Activities.', str('An activity.', 'none'), NULLABLE),
} satisfies ResultShape;

const COMPANY_RESULT = {
  cin: str('The CIN.', 'identity-number'),
  company_name: str('Registered name.', 'name'),
  company_status: str("'Active', 'Strike Off', 'Under Liquidation', …", 'none'),
  date_of_incorporation: str('YYYY-MM-DD.', 'none'),
  company_class: str("'Private' or 'Public'.", 'none'),
  registered_state: str('State of the registrar of companies.', 'none'),
} satisfies ResultShape;

const GSTIN_LIST = arr(
  'The GSTINs found.',
  obj('A registration.', {
    gstin: str('The GSTIN.', 'identity-number'),
    legal_name: str('Legal name.', 'name'),
    state: str('State.', 'none'),
    gstin_status: str("'Active', 'Suspended' or 'Cancelled'.", 'none'),
  }),
);

/** Financial years offered by GSTIN Advance: from 2018-19 (seed 001 §5) to the current one. */
function financialYears(now = new Date()): string[] {
  const currentStart = now.getUTCMonth() >= 3 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  return Array.from({ length: currentStart - 2018 + 1 }, (_, index) => `${2018 + index}-${String((2019 + index) % 100).padStart(2, '0')}`);
}

/** Merchant reports: which identifiers each report type needs (seed 001 §5 "Report"). */
const REPORT_TYPES = [
  { value: 'PAN_CIN', label: 'PAN & CIN' },
  { value: 'PAN_GST_CIN', label: 'PAN & GST & CIN' },
  { value: 'PAN_GST', label: 'PAN & GST' },
  { value: 'CIN_GST', label: 'CIN & GST' },
  { value: 'GST_CIN', label: 'GST & CIN' },
] as const;
const reportsWith = (part: 'PAN' | 'GST' | 'CIN') => ({
  field: 'report_id',
  equals: REPORT_TYPES.filter((type) => type.value.split('_').includes(part)).map((type) => type.value),
});

export const business: readonly ProductEntry[] = [
  {
    arn: 'in_merchant_gstin_lite',
    name: 'GSTIN Lite',
    category,
    short_description: 'Verifies a GSTIN and returns its registration details from the GST portal.',
    additional_info:
      'Returns the legal and trade names, constitution of business, taxpayer type, registration date, status (active, suspended, cancelled), principal place of business and nature of business activities for a 15-character GSTIN. Used for vendor and merchant onboarding and for checking a supplier before claiming input tax credit.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
    operations: [single('Verify a GSTIN', [gstin], GSTIN_RESULT, [at('business_gstin_number', 7)])],
  },
  {
    arn: 'in_merchant_gstin_advance',
    name: 'GSTIN Advance',
    category,
    short_description: 'Fetches GSTIN registration details together with the return-filing history.',
    additional_info:
      'Adds to the GSTIN Lite details the filing status of GSTR-1 and GSTR-3B returns for the requested financial year (2018-19 onwards) and, on request, the contact details on the registration. Filing regularity is a common signal in merchant underwriting and supplier risk checks.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Fetch GSTIN details and filings',
        [
          gstin,
          choice('financial_year', {
            label: 'Financial year',
            description: 'The financial year of the filings, from 2018-19.',
            message: 'Please enter a valid Financial year',
            options: financialYears(),
            example: '2023-24',
          }),
          flag('contact_info', { label: 'Contact info', description: 'Also return the contact details on the registration.', default: false }),
        ],
        {
          ...GSTIN_RESULT,
          filings: arr(
            'GSTR-1 and GSTR-3B filings of the financial year.',
            obj('A filing.', {
              return_type: str("'GSTR1' or 'GSTR3B'.", 'none'),
              tax_period: str("Month, e.g. '042023'.", 'none'),
              date_of_filing: str('YYYY-MM-DD.', 'none', NULLABLE),
              status: str("'Filed' or 'Not Filed'.", 'none'),
            }),
          ),
          contact: obj('With contact_info.', { email: str('Email, masked.', 'email'), mobile: str('Mobile number, masked.', 'phone') }, OPTIONAL),
        },
        [at('business_gstin_number', 7)],
      ),
    ],
  },
  {
    arn: 'in_merchant_gstpan_lite',
    name: 'GSTIN by PAN',
    category,
    short_description: 'Lists the GSTINs registered against a business PAN.',
    additional_info:
      "Send a 10-character PAN to get every GSTIN issued under it across states, with each registration's state and status. Used to discover all of a business's registrations, or to find the right GSTIN when only the PAN is known.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'List GSTINs of a PAN',
        [identifier('business_pan_number', 'pan', { label: 'Pan number' })],
        { pan: str('The PAN.', 'identity-number'), gstins: GSTIN_LIST },
        [at('business_pan_number', 5)],
      ),
    ],
  },
  {
    arn: 'in_merchant_gstin_temporary',
    name: 'GST Temporary ID',
    category,
    short_description: 'Verifies a GST temporary ID issued to a person who is not registered under GST.',
    additional_info:
      "The GST portal issues temporary IDs to unregistered persons who must pay tax or make a one-off supply. The check returns the holder's name, the ID's status and its validity. Used when a counterparty quotes a temporary ID instead of a GSTIN.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Verify a GST temporary ID',
        [
          text('temporary_unregistration_number', {
            label: 'Temporary ID',
            description: "15 characters: state code, year, 'UNR', five digits, 'TR' and a check character.",
            personal: 'identity-number',
            message: 'Please enter a valid Temporary ID',
            example: '2723UNR01234TR5',
            upper: true,
            rules: [
              length(undefined, 15, 'Please enter a valid Temporary ID'),
              pattern(/^[0-9]{4}UNR[0-9]{5}TR[0-9A-Z]$/, 'Please enter a valid Temporary ID'),
            ],
          }),
        ],
        {
          temporary_id: str('The temporary ID.', 'identity-number'),
          name: str("The holder's name.", 'name'),
          status: str("'Active' or 'Expired'.", 'none'),
          state: str('State of issue.', 'none'),
          valid_from: str('YYYY-MM-DD.', 'none'),
          valid_upto: str('YYYY-MM-DD.', 'none', NULLABLE),
        },
        [at('temporary_unregistration_number', 8)],
      ),
    ],
  },
  {
    arn: 'in_merchant_gstmobile_lite',
    name: 'Business Mobile to GSTIN',
    category,
    short_description: 'Finds the GSTINs registered with a business mobile number.',
    additional_info:
      'Returns the GSTINs whose registration lists the given 10-digit mobile number, with their legal names and status. Useful when a merchant signs up with a phone number and the business behind it must be identified.',
    default_free_transactions: 25,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Find GSTINs by business mobile',
        [identifier('business_mobile_number', 'mobile')],
        { mobile_number: str('The mobile number.', 'phone'), gstins: GSTIN_LIST },
        [at('business_mobile_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_merchant_cin_lite',
    name: 'CIN Lite',
    category,
    short_description: 'Verifies a Corporate Identification Number against the MCA register.',
    additional_info:
      'Returns the company name, status (active, strike off, under liquidation and so on), date of incorporation, class and state of registration for a 21-character CIN. Suited to quick checks that a company exists and is active.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [single('Verify a CIN', [cin], COMPANY_RESULT, [at('cin_number', -4)])],
  },
  {
    arn: 'in_merchant_cin_advance',
    name: 'CIN Advance',
    category,
    short_description: "Fetches a company's master data from the MCA, including its directors.",
    additional_info:
      'Returns the Ministry of Corporate Affairs master data for a CIN: name, status, category, class, authorised and paid-up capital, registered office, email, dates of the last AGM and balance sheet, and the directors with their DINs and appointment dates. Used for business KYC and due diligence on corporate customers.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Fetch company master data',
        [cin],
        {
          ...COMPANY_RESULT,
          company_category: str("'Company limited by shares', …", 'none'),
          authorised_capital: num('In rupees.'),
          paid_up_capital: num('In rupees.'),
          registered_address: str('Registered office.', 'address'),
          email: str('Email on record, masked.', 'email', NULLABLE),
          last_agm_date: str('YYYY-MM-DD.', 'none', NULLABLE),
          last_balance_sheet_date: str('YYYY-MM-DD.', 'none', NULLABLE),
          directors: arr(
            'Current directors.',
            obj('A director.', {
              din: str('DIN.', 'identity-number'),
              name: str('Name.', 'name'),
              designation: str('Designation.', 'none'),
              appointment_date: str('YYYY-MM-DD.', 'none'),
            }),
            NULLABLE,
          ),
        },
        [at('cin_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_merchant_din_lite',
    name: 'DIN Verification',
    category,
    short_description: "Verifies a Director Identification Number and lists the director's companies.",
    additional_info:
      "Returns the director's name and DIN status with the companies and LLPs where they hold or held a directorship, and the appointment and cessation dates. Used to vet the directors and authorised signatories of corporate customers.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Verify a DIN',
        [identifier('customer_din_number', 'din')],
        {
          din: str('The DIN.', 'identity-number'),
          director_name: str("The director's name.", 'name'),
          din_status: str("'Approved', 'Deactivated' or 'Disabled'.", 'none'),
          companies: arr(
            'Directorships held or held before.',
            obj('A directorship.', {
              cin: str('CIN or LLPIN.', 'identity-number'),
              company_name: str('Company name.', 'name'),
              designation: str('Designation.', 'none'),
              appointment_date: str('YYYY-MM-DD.', 'none'),
              cessation_date: str('YYYY-MM-DD; null while current.', 'none', NULLABLE),
            }),
            NULLABLE,
          ),
        },
        [at('customer_din_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_merchant_udyog_lite',
    name: 'Udyog Aadhaar',
    category,
    short_description: "Verifies an MSME's Udyam or Udyog Aadhaar registration.",
    additional_info:
      'Accepts an Udyam registration number (UDYAM-XX-00-0000000) or a legacy Udyog Aadhaar number and returns the enterprise name, classification (micro, small or medium), major activity, NIC codes, address and date of incorporation. Used to establish MSME status for lending and supplier onboarding.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Verify an Udyam / Udyog Aadhaar registration',
        [identifier('udyog_aadhaar', 'udyog')],
        {
          registration_number: str('The number verified.', 'identity-number'),
          enterprise_name: str('Name of the enterprise.', 'name'),
          enterprise_type: str("'Micro', 'Small' or 'Medium'.", 'none'),
          major_activity: str("'Manufacturing', 'Services' or 'Trading'.", 'none'),
          nic_codes: arr('NIC 2008 codes.', str('A code.', 'none'), NULLABLE),
          address: str('Address of the plant or office.', 'address', NULLABLE),
          date_of_incorporation: str('YYYY-MM-DD.', 'none'),
          registration_date: str('YYYY-MM-DD.', 'none'),
        },
        [at('udyog_aadhaar', -4)],
      ),
    ],
  },
  {
    arn: 'in_merchant_fssai_lite',
    name: 'FSSAI Licence',
    category,
    short_description: 'Verifies an FSSAI food business licence or registration number.',
    additional_info:
      'Returns the business name, premises address, licence kind (registration, state licence or central licence), licensed activities and validity dates recorded by FSSAI for a 14-digit number. Required when onboarding restaurants, cloud kitchens and food sellers onto marketplaces.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Verify an FSSAI licence',
        [identifier('fssai_number', 'fssai')],
        {
          fssai_number: str('The number verified.', 'identity-number'),
          business_name: str('Name of the food business.', 'name'),
          premises_address: str('Address of the premises.', 'address', NULLABLE),
          licence_type: str("'Registration', 'State Licence' or 'Central Licence'.", 'none'),
          status: str("'Active' or 'Expired'.", 'none'),
          valid_upto: str('YYYY-MM-DD.', 'none'),
          activities: arr('Licensed activities.', str('An activity.', 'none'), NULLABLE),
        },
        [at('fssai_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_merchant_report_advance',
    name: 'Merchant Reports',
    category,
    short_description: "Compiles a business verification report from a company's PAN, CIN and GSTIN.",
    additional_info:
      'Choose a report type (report_id: PAN & CIN, PAN & GST & CIN, PAN & GST, CIN & GST or GST & CIN) and send those identifiers to receive a consolidated report covering registration details, directors, GST filing regularity and risk flags. Used for merchant underwriting and periodic reviews of business customers.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Compile a business report',
        [
          choice('report_id', {
            label: 'Report type',
            description: "The identifiers the report is built from: 'PAN_CIN', 'PAN_GST_CIN', 'PAN_GST', 'CIN_GST' or 'GST_CIN'.",
            message: 'Please select a report type!',
            options: REPORT_TYPES,
            in: 'body',
            form: { control: 'radio' },
          }),
          identifier('customer_pan_number', 'pan', { when: reportsWith('PAN') }),
          identifier('cin_number', 'cin', { when: reportsWith('CIN') }),
          identifier('business_gstin_number', 'gstin', { when: reportsWith('GST') }),
        ],
        {
          report_id: str('The report type.', 'none'),
          generated_at: str('When the report was compiled (ISO 8601).', 'none'),
          company: obj('With a CIN: the MCA record.', { ...COMPANY_RESULT, directors_count: num('Number of directors.') }, OPTIONAL),
          pan: obj(
            'With a PAN: its status and holder.',
            { pan_number: str('The PAN.', 'identity-number'), pan_status: str("'VALID' or 'INOPERATIVE'.", 'none'), name: str('Registered name.', 'name') },
            OPTIONAL,
          ),
          gst: obj(
            'With a GSTIN: registration and filing regularity.',
            {
              gstin: str('The GSTIN.', 'identity-number'),
              gstin_status: str('Status.', 'none'),
              filings_on_time_percent: num('Share of returns filed on time in the last 12 months.'),
            },
            OPTIONAL,
          ),
          risk_flags: arr('Flags raised by the checks (empty when none).', str('A flag.', 'none')),
        },
        [at('customer_pan_number', 5), at('cin_number', -4), at('business_gstin_number', 7)],
      ),
    ],
  },
  {
    arn: 'in_merchant_pantotan_lite',
    name: 'PAN to TAN',
    category,
    short_description: 'Finds the TANs allotted to the holder of a PAN.',
    additional_info:
      'Returns the Tax Deduction and Collection Account Numbers allotted to the deductor with the given PAN, with the name registered against each TAN. Used to confirm a deductor when reconciling TDS credits or onboarding employers.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Find the TANs of a PAN',
        [identifier('customer_pan_number', 'pan', { message: '*Please enter a valid Pan number' })],
        {
          pan: str('The PAN.', 'identity-number'),
          tans: arr(
            'TANs allotted to the PAN holder.',
            obj('A TAN.', { tan: str('The TAN.', 'identity-number'), name: str('Name registered on the TAN.', 'name') }),
          ),
        },
        [at('customer_pan_number', 5)],
      ),
    ],
  },
  {
    arn: 'in_merchant_tantopan_lite',
    name: 'TAN to PAN',
    category,
    short_description: 'Finds the PAN of the deductor who holds a TAN.',
    additional_info:
      'Returns the PAN and the name linked to a 10-character TAN. Used to tie TDS certificates to the deductor and to validate an employer or payer quoted by a customer.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Find the PAN of a TAN',
        [identifier('customer_tan_number', 'tan')],
        {
          tan: str('The TAN.', 'identity-number'),
          pan: str('The PAN, masked but for its last four characters.', 'identity-number'),
          name: str('Name of the deductor.', 'name'),
        },
        [at('customer_tan_number', 4)],
      ),
    ],
  },
];
