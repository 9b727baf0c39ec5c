import type { RequestData, SchemaArn } from '../requests/schemas.js';
import { addressFrom, businessNameFrom, dateFrom, nameMatch, personFrom, STATES } from './people.js';
import { seededRandom } from './random.js';

type Result = Record<string, unknown>;

/**
 * One product's sandbox: where its magic selector sits, how to build an input with a given
 * selector (for the docs and tests), and its answers. `result` is a pure function of the
 * input: `variant` 1 gives the second record of a "Multiple Records Found" answer.
 */
export interface ProductSandbox<A extends SchemaArn> {
  /** Where the selector is read, for the README table. */
  selectorRule: string;
  selector(data: RequestData<A>): string;
  /** Request `data` (without consent) whose selector is `selector`. */
  example(selector: string): Record<string, string>;
  result(data: RequestData<A>, variant: number): Result;
  /** The fields blanked in a "Partial Record Found" answer. */
  partialFields: readonly string[];
}

/** Holder type by the PAN's fourth character (Income Tax Department convention). */
const PAN_HOLDER: Record<string, string> = {
  P: 'Individual',
  C: 'Company',
  H: 'Hindu Undivided Family',
  F: 'Firm',
  A: 'Association of Persons',
  T: 'Trust',
  B: 'Body of Individuals',
  L: 'Local Authority',
  J: 'Artificial Juridical Person',
  G: 'Government',
};

/** The holder of a PAN: a person for P, a business otherwise; the same for every product. */
function panHolder(pan: string, variant: number) {
  const random = seededRandom('pan', pan, String(variant));
  const person = personFrom(random);
  const kind = pan[3]!;
  const name =
    kind === 'P' ? person.fullName : kind === 'H' ? `${person.fullName} HUF` : `${businessNameFrom(random)}${kind === 'C' ? ' PRIVATE LIMITED' : ''}`;
  return { person: kind === 'P' ? person : null, name, type: PAN_HOLDER[kind] ?? 'Unknown', random };
}

const withNameMatch = (result: Result, given: string | undefined, actual: string): Result =>
  given === undefined ? result : { ...result, name_match: nameMatch(given, actual) };

function panLite(data: RequestData<'in_identity_pan_lite'>, variant: number): Result {
  const holder = panHolder(data.customer_pan_number, variant);
  return withNameMatch(
    { pan_number: data.customer_pan_number, user_full_name: holder.name, pan_status: 'VALID', pan_holder_type: holder.type },
    data.name_to_match,
    holder.name,
  );
}

function panAdvance(data: RequestData<'in_identity_pan_advance'>, variant: number): Result {
  const holder = panHolder(data.customer_pan_number, variant);
  const linked = holder.random.next() < 0.8;
  return withNameMatch(
    {
      pan_number: data.customer_pan_number,
      user_full_name: holder.name,
      pan_status: linked ? 'VALID' : 'INOPERATIVE',
      pan_holder_type: holder.type,
      user_dob: data.customer_dob ?? holder.person?.dob ?? dateFrom(holder.random, 1960, 2020),
      user_gender: holder.person?.gender ?? null,
      masked_aadhaar_number: holder.person ? `XXXXXXXX${holder.random.digits(4)}` : null,
      aadhaar_linked: holder.person ? linked : null,
    },
    data.name_to_match,
    holder.name,
  );
}

/** GST state codes (the first two characters of a GSTIN). */
const GST_STATES: Record<string, string> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
};

function gstinLite(data: RequestData<'in_merchant_gstin_lite'>, variant: number): Result {
  const gstin = data.business_gstin_number;
  const holder = panHolder(gstin.slice(2, 12), variant);
  const random = seededRandom('gstin', gstin, String(variant));
  const tradeName = holder.person ? businessNameFrom(random) : holder.name;
  return {
    gstin,
    legal_name: holder.name,
    trade_name: tradeName,
    constitution_of_business: holder.person ? 'Proprietorship' : holder.type === 'Company' ? 'Private Limited Company' : holder.type,
    taxpayer_type: 'Regular',
    gstin_status: 'Active',
    registration_date: dateFrom(random, 2017, 2023),
    state_jurisdiction: GST_STATES[gstin.slice(0, 2)] ?? 'Unknown',
    principal_place_of_business: addressFrom(random),
    nature_of_business_activities: [random.pick(['Retail Business', 'Wholesale Business', 'Supplier of Services', 'Factory / Manufacturing'])],
  };
}

/** Bank names by the first four characters of an IFSC. */
const BANKS: Record<string, string> = {
  SBIN: 'State Bank of India',
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  UTIB: 'Axis Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
  CNRB: 'Canara Bank',
  KKBK: 'Kotak Mahindra Bank',
  UBIN: 'Union Bank of India',
  IDIB: 'Indian Bank',
  YESB: 'Yes Bank',
  INDB: 'IndusInd Bank',
};

function bankLite(data: RequestData<'in_financial_bank_lite'>, variant: number): Result {
  const random = seededRandom('bank', data.account_number, data.ifsc, String(variant));
  const person = personFrom(random);
  return withNameMatch(
    {
      account_exists: true,
      account_number: data.account_number,
      ifsc: data.ifsc,
      bank_name: BANKS[data.ifsc.slice(0, 4)] ?? 'Sandbox Co-operative Bank',
      name_at_bank: person.fullName,
      reason_code: 'TXN',
    },
    data.name_to_match,
    person.fullName,
  );
}

const VEHICLE_CLASSES = [['MCWG'], ['LMV'], ['MCWG', 'LMV'], ['MCWG', 'LMV', 'TRANS']] as const;

function dlLite(data: RequestData<'in_identity_dl_lite'>, variant: number): Result {
  const dl = data.customer_dl_number;
  const random = seededRandom('dl', dl, String(variant));
  const person = personFrom(random);
  const issued = dateFrom(random, 2005, 2022);
  const expiry = `${Number(issued.slice(0, 4)) + 20}${issued.slice(4)}`;
  return withNameMatch(
    {
      dl_number: dl,
      user_full_name: person.fullName,
      user_dob: data.customer_dob ?? person.dob,
      status: 'ACTIVE',
      date_of_issue: issued,
      non_transport_validity: { from: issued, to: expiry },
      vehicle_classes: [...random.pick(VEHICLE_CLASSES)],
      issuing_rto: `${dl.slice(0, 2)}${dl.slice(2, 4)}`,
      user_address: addressFrom(random),
    },
    data.name_to_match,
    person.fullName,
  );
}

function aadhaarLite(data: RequestData<'in_identity_aadhaar_lite'>, variant: number): Result {
  const aadhaar = data.customer_aadhaar_number;
  const random = seededRandom('aadhaar', aadhaar, String(variant));
  const lower = random.pick([10, 20, 30, 40, 50, 60]);
  return {
    aadhaar_number: `XXXXXXXX${aadhaar.slice(-4)}`,
    is_valid: true,
    age_band: `${lower}-${lower + 10}`,
    gender: random.next() < 0.5 ? 'M' : 'F',
    state: random.pick(STATES),
    mobile_number: `XXXXXXX${random.digits(3)}`,
  };
}

export const sandboxes: { [A in SchemaArn]?: ProductSandbox<A> } = {
  in_identity_pan_lite: {
    selectorRule: 'the four digits of the PAN (characters 6–9)',
    selector: (data) => data.customer_pan_number.slice(5, 9),
    example: (selector) => ({ customer_pan_number: `ABCPE${selector}F` }),
    result: panLite,
    partialFields: ['user_full_name'],
  },
  in_identity_pan_advance: {
    selectorRule: 'the four digits of the PAN (characters 6–9)',
    selector: (data) => data.customer_pan_number.slice(5, 9),
    example: (selector) => ({ customer_pan_number: `ABCPE${selector}F` }),
    result: panAdvance,
    partialFields: ['user_dob', 'user_gender', 'masked_aadhaar_number'],
  },
  in_merchant_gstin_lite: {
    selectorRule: 'the four digits of the PAN inside the GSTIN (characters 8–11)',
    selector: (data) => data.business_gstin_number.slice(7, 11),
    example: (selector) => ({ business_gstin_number: `27ABCPE${selector}F1Z5` }),
    result: gstinLite,
    partialFields: ['trade_name', 'principal_place_of_business', 'nature_of_business_activities'],
  },
  in_financial_bank_lite: {
    selectorRule: 'the last four digits of account_number',
    selector: (data) => data.account_number.slice(-4),
    example: (selector) => ({ account_number: `5010042${selector}`, ifsc: 'HDFC0000123' }),
    result: bankLite,
    partialFields: ['name_at_bank'],
  },
  in_identity_dl_lite: {
    selectorRule: 'the last four characters of customer_dl_number',
    selector: (data) => data.customer_dl_number.slice(-4),
    example: (selector) => ({ customer_dl_number: `MH022019000${selector}` }),
    result: dlLite,
    partialFields: ['user_address', 'vehicle_classes', 'non_transport_validity'],
  },
  in_identity_aadhaar_lite: {
    selectorRule: 'the last four digits of customer_aadhaar_number',
    selector: (data) => data.customer_aadhaar_number.slice(-4),
    example: (selector) => ({ customer_aadhaar_number: `23456789${selector}` }),
    result: aadhaarLite,
    partialFields: ['age_band', 'mobile_number'],
  },
};
