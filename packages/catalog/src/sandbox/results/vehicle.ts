import type { BuildInput, ProductSandbox, Result } from '../engine.js';
import { addressFrom, businessNameFrom, dateFrom, INSURERS, maskAllBut, nameMatch, personFrom, vehicleFrom, type Person } from '../people.js';
import type { Random } from '../random.js';
import { text } from '../subjects.js';
import { single } from './flows.js';

/** The vehicle behind a registration number, the same in every vehicle product. */
function vehicleOf(registration: string, variant: number, rng: BuildInput['rng']) {
  const random = rng('vehicle', registration, variant);
  const model = vehicleFrom(random);
  const registered = dateFrom(random, 2012, 2023);
  const owner = personFrom(random);
  return { random, model, registered, owner, year: Number(registered.slice(0, 4)) };
}

const plus = (date: string, years: number) => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;

interface RcSubject {
  model: { maker: string; model: string; vehicleClass: string; fuel: string };
  registered: string;
  owner: Person;
  random: Random;
}

function rcRecord(registration: string, { model, registered, owner, random }: RcSubject): Result {
  return {
    registration_number: registration,
    owner_name: `${owner.firstName} ${owner.lastName.slice(0, 1)}${'*'.repeat(owner.lastName.length - 1)}`,
    registration_date: registered,
    registered_at: `${registration.slice(0, 2)}${registration.slice(2, 4).replace(/\D/g, '')} RTO`,
    maker: model.maker,
    model: model.model,
    vehicle_class: model.vehicleClass,
    fuel_type: model.fuel,
    fitness_upto: plus(registered, 15),
    insurance_upto: dateFrom(random, 2025, 2027),
    puc_upto: dateFrom(random, 2025, 2026),
    status: 'ACTIVE',
  };
}

const rc = ({ data, variant, rng }: BuildInput) => {
  const registration = text(data, 'vehicle_registration_number');
  return rcRecord(registration, vehicleOf(registration, variant, rng));
};

/**
 * RC advanced: the declared attributes scored against the record (words in common). Declarations
 * are mostly right: the record agrees with each declared attribute but for up to two the input
 * picks, which hold the vehicle's own values.
 */
function rcAdvance(input: BuildInput): Result {
  const registration = text(input.data, 'vehicle_registration_number');
  const vehicle = vehicleOf(registration, input.variant, input.rng);
  const { model, random } = vehicle;
  const own: Record<string, string> = {
    vehicle_maker_description: model.maker,
    vehicle_model: model.model,
    vehicle_cubic_capacity: String(model.cc),
    vehicle_fuel_description: model.fuel,
    vehicle_seating_capacity: String(model.seats),
    vehicle_insurance_company: random.pick(INSURERS),
    vehicle_gross_weight: String(model.weight),
    vehicle_class: model.vehicleClass,
    vehicle_body_type: model.body,
  };
  const differing = new Set(Array.from({ length: random.int(0, 2) }, () => random.pick(Object.keys(own))));
  const recorded = Object.fromEntries(
    Object.entries(own).map(([attribute, value]) => [attribute, differing.has(attribute) ? value : text(input.data, attribute).toUpperCase()]),
  );
  const attributes = Object.entries(recorded).map(([attribute, onRecord]) => {
    const given = text(input.data, attribute);
    const score = given.toUpperCase() === onRecord.toUpperCase() ? 100 : nameMatch(given, onRecord).score;
    return { attribute, given, on_record: onRecord, score, match: score >= 80 };
  });
  const declared = {
    ...model,
    maker: recorded.vehicle_maker_description!,
    model: recorded.vehicle_model!,
    vehicleClass: recorded.vehicle_class!,
    fuel: recorded.vehicle_fuel_description!,
  };
  return {
    ...rcRecord(registration, { ...vehicle, model: declared }),
    chassis_number: maskAllBut(`MA3${random.digits(14)}`, 5),
    engine_number: maskAllBut(`K12M${random.digits(8)}`, 5),
    financier: random.next() < 0.4 ? `${random.pick(['HDFC BANK LTD', 'BAJAJ FINANCE LTD', 'STATE BANK OF INDIA'])}` : null,
    insurer: recorded.vehicle_insurance_company,
    permit_type: model.vehicleClass.includes('Passenger') || model.vehicleClass.includes('Goods') ? 'CONTRACT CARRIAGE' : null,
    owner_serial: random.int(1, 3),
    similarity: { overall_score: Math.round(attributes.reduce((sum, row) => sum + row.score, 0) / attributes.length), attributes },
  };
}

function registrationsOf(random: Random, count: number) {
  const states = ['MH', 'KA', 'DL', 'TN', 'GJ'];
  return Array.from({ length: count }, () => {
    const model = vehicleFrom(random);
    return {
      registration_number: `${random.pick(states)}${random.int(1, 50).toString().padStart(2, '0')}${random.pick(['AB', 'CD', 'EF', 'GH'])}${random.digits(4)}`,
      maker_model: `${model.maker} ${model.model}`,
      registration_date: dateFrom(random, 2012, 2024),
      owner_serial: random.int(1, 2),
    };
  });
}

function valuation({ data, variant, rng }: BuildInput): Result {
  const registration = text(data, 'vehicle_registration_number');
  const { model, year, random } = vehicleOf(registration, variant, rng);
  const distance = Number(data.total_distance_driven);
  const newPrice = model.cc === 0 ? 1_500_000 : model.cc < 300 ? 95_000 : model.cc * 700;
  const fair = Math.max(15_000, Math.round((newPrice * Math.pow(0.87, 2025 - year) - distance * 0.8) / 1000) * 1000);
  return {
    registration_number: registration,
    maker: model.maker,
    model: model.model,
    manufacturing_year: year,
    owner_count: random.int(1, 3),
    total_distance_driven: distance,
    valuation: { low: Math.round(fair * 0.9), fair, high: Math.round(fair * 1.1) },
  };
}

function mvTax({ data, variant, rng }: BuildInput): Result {
  const registration = text(data, 'vehicle_registration_number');
  const { random, registered } = vehicleOf(registration, variant, rng);
  const paid = random.next() < 0.8;
  return {
    registration_number: registration,
    tax_mode: text(data, 'rc_tax_mode'),
    tax_paid_upto: paid ? dateFrom(random, 2025, 2027) : dateFrom(random, 2023, 2024),
    last_paid_amount: random.int(2, 40) * 500,
    last_paid_date: dateFrom(random, Number(registered.slice(0, 4)), 2024),
    dues: paid ? 0 : random.int(2, 20) * 250,
  };
}

function challans({ data, rng }: BuildInput): Result {
  const registration = text(data, 'vehicle_registration_number');
  const random = rng('challan', registration);
  const list = Array.from({ length: random.int(0, 3) }, () => {
    const pending = random.next() < 0.5;
    const number = `${registration.slice(0, 2)}${random.digits(14)}`;
    return {
      challan_number: number,
      date: dateFrom(random, 2022, 2024),
      offence: random.pick(['Over speeding', 'Jumping red light', 'Driving without helmet', 'Wrong parking', 'Driving without seat belt']),
      place: addressFrom(random).split(', ').slice(1, 3).join(', '),
      amount: random.pick([500, 1000, 1500, 2000]),
      status: pending ? 'PENDING' : 'PAID',
      payment_url: pending ? `https://echallan.example/pay/${number}` : null,
    };
  });
  return {
    registration_number: registration,
    total_pending: list.filter((row) => row.status === 'PENDING').reduce((sum, row) => sum + row.amount, 0),
    challans: list,
  };
}

function history({ data, variant, rng }: BuildInput): Result {
  const registration = text(data, 'vehicle_registration_number');
  const { random, registered } = vehicleOf(registration, variant, rng);
  const owners = random.int(1, 3);
  const first = Number(registered.slice(0, 4));
  return {
    registration_number: registration,
    owners: Array.from({ length: owners }, (_, index) => ({
      serial: index + 1,
      from: index === 0 ? registered : dateFrom(random, first + index * 2, first + index * 2 + 1),
    })),
    insurance: Array.from({ length: random.int(1, 3) }, (_, index) => {
      const from = `${Math.min(first + index, 2024)}${registered.slice(4)}`;
      return { insurer: random.pick(INSURERS), policy_number: maskAllBut(random.digits(16), 4), valid_from: from, valid_upto: plus(from, 1) };
    }),
    hypothecated: random.next() < 0.3,
    challans_count: random.int(0, 4),
  };
}

export const vehicleSandboxes: Record<string, ProductSandbox> = {
  in_vehicle_rc_lite: single(rc, ['owner_name', 'insurance_upto', 'puc_upto']),
  in_vehicle_rc_advance: single(rcAdvance, ['owner_name', 'financier', 'insurer']),
  in_vehicle_rc_reverse: single(({ data, rng }) => {
    const mobile = text(data, 'customer_mobile_number');
    const random = rng('rc-reverse', mobile);
    return { mobile_number: mobile, vehicles: registrationsOf(random, random.int(1, 3)) };
  }),
  in_vehicle_rc_chassis: single(
    ({ data, variant, rng }) => {
      const chassis = text(data, 'chassis_number');
      const [found] = registrationsOf(rng('chassis', chassis), 1);
      return { chassis_number: chassis, ...rcRecord(found!.registration_number, vehicleOf(found!.registration_number, variant, rng)) };
    },
    ['owner_name', 'insurance_upto', 'puc_upto'],
  ),
  in_vehicle_rc_finder: single(({ data, rng }) => {
    const random = rng('rc-finder', data.engine_number, data.chassis_number);
    const [found] = registrationsOf(random, 1);
    return { registration_number: found!.registration_number, state: found!.registration_number.slice(0, 2), maker_model: found!.maker_model };
  }),
  in_vehicle_rc_mini: single(
    (input) => {
      const { registration_number, vehicle_class, maker, model, fitness_upto, insurance_upto, puc_upto, status } = rc(input);
      return { registration_number, vehicle_class, maker, model, fitness_upto, insurance_upto, puc_upto, status };
    },
    ['insurance_upto', 'puc_upto'],
  ),
  in_vehicle_rc_reverseinvoice: single(
    ({ data, variant, rng }) => {
      const registration = text(data, 'vehicle_registration_number');
      const { model, registered, random } = vehicleOf(registration, variant, rng);
      const price = model.cc === 0 ? 1_450_000 : model.cc < 300 ? 82_000 : model.cc * 650;
      return {
        registration_number: registration,
        dealer_name: `${businessNameFrom(random)} MOTORS`,
        dealer_address: addressFrom(random),
        invoice_date: registered,
        invoice_amount: Math.round(price * 1.12),
        ex_showroom_price: price,
      };
    },
    ['dealer_address', 'ex_showroom_price'],
  ),
  in_vehicle_rc_valuation: single(valuation),
  in_vehicle_rc_mvtax: single(mvTax, ['last_paid_amount', 'last_paid_date']),
  in_vehicle_challan_payment: single(challans),
  in_vehicle_fastag_advance: single(({ data, variant, rng }) => {
    const registration = text(data, 'vehicle_registration_number');
    const { random, model } = vehicleOf(registration, variant, rng);
    return {
      registration_number: registration,
      tag_id: `34161FA8203${random.digits(3)}${random.digits(10)}`,
      issuer_bank: random.pick(['ICICI Bank', 'Paytm Payments Bank', 'HDFC Bank', 'Axis Bank']),
      tag_status: random.next() < 0.85 ? 'ACTIVE' : 'LOW_BALANCE',
      vehicle_class: model.vehicleClass.includes('Goods') ? 'VC5' : 'VC4',
      issue_date: dateFrom(random, 2019, 2024),
    };
  }),
  in_vehicle_history_advance: single(history),
};
