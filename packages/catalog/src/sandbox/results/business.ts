import { GST_STATES } from '@verigate/contracts';
import type { BuildInput, ProductSandbox, Result } from '../engine.js';
import type { Random } from '../random.js';
import { addressFrom, businessNameFrom, companyFrom, dateFrom, maskAllBut, maskEmail, personFrom, STATES } from '../people.js';
import { panHolder, text } from '../subjects.js';
import { single } from './flows.js';

const pick = <T>(random: Random, items: readonly T[]) => random.pick(items);

/** A GSTIN's registration: its holder is the holder of the PAN inside it. */
function gstinRecord(gstin: string, variant: number, random: Random): Result {
  const holder = panHolder(gstin.slice(2, 12), variant);
  return {
    gstin,
    legal_name: holder.name,
    trade_name: holder.person ? businessNameFrom(random) : holder.name,
    constitution_of_business: holder.person ? 'Proprietorship' : holder.type === 'Company' ? 'Private Limited Company' : holder.type,
    taxpayer_type: 'Regular',
    gstin_status: 'Active',
    registration_date: dateFrom(random, 2017, 2023),
    state_jurisdiction: GST_STATES[gstin.slice(0, 2)] ?? 'Unknown',
    principal_place_of_business: addressFrom(random),
    nature_of_business_activities: [pick(random, ['Retail Business', 'Wholesale Business', 'Supplier of Services', 'Factory / Manufacturing'])],
  };
}

const gstinLite = ({ data, variant, rng }: BuildInput) =>
  gstinRecord(text(data, 'business_gstin_number'), variant, rng('gstin', text(data, 'business_gstin_number')));

function gstinAdvance(input: BuildInput): Result {
  const gstin = text(input.data, 'business_gstin_number');
  const random = input.rng('gstin-filings', gstin, input.data.financial_year);
  const startYear = Number(text(input.data, 'financial_year').slice(0, 4));
  const filings = Array.from({ length: 12 }, (_, index) => {
    const month = ((index + 3) % 12) + 1;
    const year = index < 9 ? startYear : startYear + 1;
    const filed = random.next() < 0.9;
    const period = `${String(month).padStart(2, '0')}${year}`;
    return {
      return_type: index % 2 === 0 ? 'GSTR1' : 'GSTR3B',
      tax_period: period,
      date_of_filing: filed ? `${year}-${String(month).padStart(2, '0')}-${random.int(10, 20)}` : null,
      status: filed ? 'Filed' : 'Not Filed',
    };
  });
  const contact =
    input.data.contact_info === true ? { contact: { email: maskEmail(`accounts${random.digits(2)}@example.com`), mobile: `XXXXXX${random.digits(4)}` } } : {};
  return { ...gstinLite(input), filings, ...contact };
}

function gstinList(random: Random, pan: string, count: number) {
  const codes = Object.keys(GST_STATES);
  const holder = panHolder(pan, 0);
  return Array.from({ length: count }, (_, index) => {
    const state = codes[random.int(0, codes.length - 1)]!;
    return {
      gstin: `${state}${pan}${index + 1}Z${random.pick(['5', '7', 'A', 'K'])}`,
      legal_name: holder.name,
      state: GST_STATES[state],
      gstin_status: random.next() < 0.85 ? 'Active' : 'Cancelled',
    };
  });
}

function companyRecord(cin: string, random: Random): Result {
  return {
    cin,
    company_name: companyFrom(random, cin.slice(12, 15) === 'PLC' ? 'LIMITED' : 'PRIVATE LIMITED'),
    company_status: 'Active',
    date_of_incorporation: `${cin.slice(8, 12)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    company_class: cin.slice(12, 15) === 'PLC' ? 'Public' : 'Private',
    registered_state: STATES[random.int(0, STATES.length - 1)],
  };
}

const director = (random: Random) => {
  const person = personFrom(random);
  return {
    din: `0${random.digits(7)}`,
    name: person.fullName,
    designation: random.pick(['Director', 'Managing Director', 'Whole-time Director']),
    appointment_date: dateFrom(random, 2012, 2024),
  };
};

function cinAdvance({ data, rng }: BuildInput): Result {
  const cin = text(data, 'cin_number');
  const random = rng('cin', cin);
  const authorised = random.pick([100_000, 1_000_000, 5_000_000, 10_000_000]);
  return {
    ...companyRecord(cin, random),
    company_category: 'Company limited by shares',
    authorised_capital: authorised,
    paid_up_capital: Math.round(authorised * random.pick([0.1, 0.5, 1])),
    registered_address: addressFrom(random),
    email: maskEmail(`compliance@${random.pick(['sunrise', 'navyug', 'kaveri'])}.example.com`),
    last_agm_date: dateFrom(random, 2022, 2024),
    last_balance_sheet_date: `${random.int(2022, 2024)}-03-31`,
    directors: Array.from({ length: random.int(2, 4) }, () => director(random)),
  };
}

function din({ data, rng }: BuildInput): Result {
  const number = text(data, 'customer_din_number');
  const random = rng('din', number);
  return {
    din: number,
    director_name: personFrom(random).fullName,
    din_status: 'Approved',
    companies: Array.from({ length: random.int(1, 3) }, () => ({
      cin: `U${random.digits(5)}MH${random.int(2005, 2022)}PTC${random.digits(6)}`,
      company_name: companyFrom(random),
      designation: 'Director',
      appointment_date: dateFrom(random, 2010, 2018),
      cessation_date: random.next() < 0.3 ? dateFrom(random, 2019, 2024) : null,
    })),
  };
}

function udyog({ data, rng }: BuildInput): Result {
  const number = text(data, 'udyog_aadhaar');
  const random = rng('udyam', number);
  const incorporated = dateFrom(random, 2005, 2020);
  return {
    registration_number: number,
    enterprise_name: `${businessNameFrom(random)}`,
    enterprise_type: random.pick(['Micro', 'Small', 'Medium']),
    major_activity: random.pick(['Manufacturing', 'Services', 'Trading']),
    nic_codes: [`${random.int(10, 96)}${random.digits(3)}`],
    address: addressFrom(random),
    date_of_incorporation: incorporated,
    registration_date: dateFrom(random, 2020, 2024),
  };
}

function fssai({ data, rng }: BuildInput): Result {
  const number = text(data, 'fssai_number');
  const random = rng('fssai', number);
  const kind = number.startsWith('1') ? random.pick(['State Licence', 'Central Licence']) : 'Registration';
  return {
    fssai_number: number,
    business_name: `${businessNameFrom(random)} ${random.pick(['KITCHEN', 'FOODS', 'SWEETS', 'CAFE'])}`,
    premises_address: addressFrom(random),
    licence_type: kind,
    status: 'Active',
    valid_upto: dateFrom(random, 2026, 2030),
    activities: [random.pick(['Restaurant', 'Manufacturer', 'Retailer', 'Caterer', 'Distributor'])],
  };
}

function merchantReport({ data, body, rng, now }: BuildInput): Result {
  const reportId = text(body, 'report_id');
  const random = rng('report', reportId, data.customer_pan_number, data.cin_number, data.business_gstin_number);
  const cin = data.cin_number as string | undefined;
  const pan = data.customer_pan_number as string | undefined;
  const gstin = data.business_gstin_number as string | undefined;
  const flags = random.next() < 0.3 ? ['GST returns filed late in 3 of the last 12 months'] : [];
  return {
    report_id: reportId,
    generated_at: now.toISOString(),
    ...(cin ? { company: { ...companyRecord(cin, random), directors_count: random.int(2, 6) } } : {}),
    ...(pan ? { pan: { pan_number: pan, pan_status: 'VALID', name: panHolder(pan, 0).name } } : {}),
    ...(gstin ? { gst: { gstin, gstin_status: 'Active', filings_on_time_percent: flags.length ? 75 : 100 } } : {}),
    risk_flags: flags,
  };
}

export const businessSandboxes: Record<string, ProductSandbox> = {
  in_merchant_gstin_lite: single(gstinLite, ['trade_name', 'principal_place_of_business', 'nature_of_business_activities']),
  in_merchant_gstin_advance: single(gstinAdvance, ['trade_name', 'principal_place_of_business']),
  in_merchant_gstpan_lite: single(({ data, rng }) => {
    const pan = text(data, 'business_pan_number');
    const random = rng('gstpan', pan);
    return { pan, gstins: gstinList(random, pan, random.int(1, 3)) };
  }),
  in_merchant_gstin_temporary: single(
    ({ data, rng }) => {
      const id = text(data, 'temporary_unregistration_number');
      const random = rng('gst-temporary', id);
      return {
        temporary_id: id,
        name: personFrom(random).fullName,
        status: 'Active',
        state: GST_STATES[id.slice(0, 2)] ?? 'Unknown',
        valid_from: `20${id.slice(2, 4)}-${String(random.int(1, 12)).padStart(2, '0')}-01`,
        valid_upto: null,
      };
    },
    ['valid_upto'],
  ),
  in_merchant_gstmobile_lite: single(({ data, rng }) => {
    const mobile = text(data, 'business_mobile_number');
    const random = rng('gstmobile', mobile);
    const pan = `${random.pick(['AAB', 'AAC', 'BBC'])}${random.pick(['C', 'F', 'P'])}${random.pick(['K', 'M', 'S'])}${random.digits(4)}${random.pick(['A', 'L', 'Q'])}`;
    return { mobile_number: mobile, gstins: gstinList(random, pan, random.int(1, 2)) };
  }),
  in_merchant_cin_lite: single(({ data, rng }) => companyRecord(text(data, 'cin_number'), rng('cin', text(data, 'cin_number')))),
  in_merchant_cin_advance: single(cinAdvance, ['email', 'last_agm_date', 'directors']),
  in_merchant_din_lite: single(din, ['companies']),
  in_merchant_udyog_lite: single(udyog, ['nic_codes', 'address']),
  in_merchant_fssai_lite: single(fssai, ['premises_address', 'activities']),
  in_merchant_report_advance: single(merchantReport),
  in_merchant_pantotan_lite: single(({ data, rng }) => {
    const pan = text(data, 'customer_pan_number');
    const random = rng('pantotan', pan);
    const name = panHolder(pan, 0).name;
    return {
      pan,
      tans: Array.from({ length: random.int(1, 2) }, () => ({
        tan: `${random.pick(['MUM', 'BLR', 'DEL', 'CHE'])}${pan[4]}${random.digits(5)}${random.pick(['A', 'B', 'C'])}`,
        name,
      })),
    };
  }),
  in_merchant_tantopan_lite: single(({ data, rng }) => {
    const tan = text(data, 'customer_tan_number');
    const random = rng('tantopan', tan);
    return { tan, pan: maskAllBut(`AAAC${tan[3]}${random.digits(4)}${random.pick(['A', 'K', 'M'])}`, 4), name: companyFrom(random) };
  }),
};
