import type { Random } from './random.js';

/** Made-up but plausible Indian names and places for sandbox answers. */
const MALE = ['AARAV', 'ROHAN', 'VIKRAM', 'ARJUN', 'KARTHIK', 'RAHUL', 'SANDEEP', 'IMRAN', 'MANISH', 'SURESH', 'HARPREET', 'ANIL'] as const;
const FEMALE = ['ANANYA', 'PRIYA', 'MEERA', 'KAVYA', 'SNEHA', 'DIVYA', 'FATIMA', 'LAKSHMI', 'POOJA', 'NEHA', 'RITU', 'SUNITA'] as const;
const SURNAMES = [
  'SHARMA',
  'IYER',
  'REDDY',
  'PATEL',
  'KHAN',
  'NAIR',
  'GUPTA',
  'SINGH',
  'DAS',
  'MENON',
  'JOSHI',
  'KULKARNI',
  'CHATTERJEE',
  'RAO',
  'VERMA',
  'PILLAI',
] as const;
const BUSINESS_WORDS = ['SUNRISE', 'NAVYUG', 'SHREE GANESH', 'TRIVENI', 'BLUE LOTUS', 'ANNAPURNA', 'KAVERI', 'HIMALAYA', 'SAPTARISHI', 'VEDANT'] as const;
const BUSINESS_KINDS = ['TRADERS', 'ENTERPRISES', 'TEXTILES', 'FOODS', 'LOGISTICS', 'TECHNOLOGIES', 'AGENCIES', 'PHARMA'] as const;
export const STATES = [
  'MAHARASHTRA',
  'KARNATAKA',
  'TAMIL NADU',
  'DELHI',
  'GUJARAT',
  'WEST BENGAL',
  'TELANGANA',
  'KERALA',
  'UTTAR PRADESH',
  'RAJASTHAN',
] as const;
const CITIES = ['MUMBAI', 'BENGALURU', 'CHENNAI', 'NEW DELHI', 'AHMEDABAD', 'KOLKATA', 'HYDERABAD', 'KOCHI', 'LUCKNOW', 'JAIPUR'] as const;
const STREETS = ['MG ROAD', 'STATION ROAD', 'LINK ROAD', 'NEHRU NAGAR', 'GANDHI CHOWK', 'CIVIL LINES', 'RING ROAD', 'MARKET YARD'] as const;

export interface Person {
  firstName: string;
  lastName: string;
  fullName: string;
  gender: 'M' | 'F';
  /** YYYY-MM-DD, between 1955 and 2004. */
  dob: string;
}

export function personFrom(random: Random): Person {
  const gender = random.next() < 0.5 ? 'M' : 'F';
  const firstName = random.pick(gender === 'M' ? MALE : FEMALE);
  const lastName = random.pick(SURNAMES);
  return { firstName, lastName, fullName: `${firstName} ${lastName}`, gender, dob: dateFrom(random, 1955, 2004) };
}

export function businessNameFrom(random: Random): string {
  return `${random.pick(BUSINESS_WORDS)} ${random.pick(BUSINESS_KINDS)}`;
}

export function addressFrom(random: Random): string {
  const index = random.int(0, CITIES.length - 1);
  return `${random.int(1, 250)}, ${random.pick(STREETS)}, ${CITIES[index]}, ${STATES[index]} ${random.int(110, 799)}${random.digits(3)}`;
}

/** A YYYY-MM-DD date between the years given (days capped at 28, so every month has it). */
export function dateFrom(random: Random, fromYear: number, toYear: number): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${random.int(fromYear, toYear)}-${pad(random.int(1, 12))}-${pad(random.int(1, 28))}`;
}

const tokens = (name: string) =>
  name
    .toUpperCase()
    .replace(/[^A-Z ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/**
 * A name-match verdict: the Dice coefficient of the two names' words, as a percentage; names
 * agreeing on at least 70 % of their words match ('RAHUL SHARMA' v 'Sharma Rahul' → 100).
 */
export function nameMatch(given: string, actual: string) {
  const left = tokens(given);
  const right = tokens(actual);
  const remaining = [...right];
  let common = 0;
  for (const word of left) {
    const at = remaining.indexOf(word);
    if (at >= 0) {
      common += 1;
      remaining.splice(at, 1);
    }
  }
  const score = left.length + right.length === 0 ? 0 : Math.round((200 * common) / (left.length + right.length));
  return { name_to_match: given, score, match: score >= 70 };
}

/** All but the last `keep` characters replaced by X. */
export const maskAllBut = (text: string, keep: number): string => `${'X'.repeat(Math.max(0, text.length - keep))}${text.slice(-keep)}`;

/** An email with its local part masked but for its first and last letters. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 2))}${local.length > 1 ? local.slice(-1) : ''}@${domain}`;
}

/** A company name of the given kind ('PRIVATE LIMITED', 'LLP', …). */
export const companyFrom = (random: Random, suffix = 'PRIVATE LIMITED'): string => `${businessNameFrom(random)} ${suffix}`;

const VEHICLES = [
  { maker: 'MARUTI SUZUKI INDIA LTD', model: 'SWIFT VXI', vehicleClass: 'Motor Car (LMV)', fuel: 'PETROL', cc: 1197, seats: 5, weight: 1335, body: 'SALOON' },
  { maker: 'HYUNDAI MOTOR INDIA LTD', model: 'CRETA 1.5 SX', vehicleClass: 'Motor Car (LMV)', fuel: 'DIESEL', cc: 1493, seats: 5, weight: 1760, body: 'SUV' },
  { maker: 'TATA MOTORS LTD', model: 'NEXON EV XZ+', vehicleClass: 'Motor Car (LMV)', fuel: 'ELECTRIC', cc: 0, seats: 5, weight: 1980, body: 'SUV' },
  {
    maker: 'HONDA MOTORCYCLE AND SCOOTER INDIA',
    model: 'ACTIVA 6G',
    vehicleClass: 'M-Cycle/Scooter (2WN)',
    fuel: 'PETROL',
    cc: 109,
    seats: 2,
    weight: 260,
    body: 'SOLO',
  },
  { maker: 'BAJAJ AUTO LTD', model: 'RE COMPACT 4S', vehicleClass: 'Three Wheeler (Passenger)', fuel: 'CNG', cc: 236, seats: 4, weight: 660, body: 'OPEN' },
  {
    maker: 'MAHINDRA AND MAHINDRA LTD',
    model: 'BOLERO PIK-UP',
    vehicleClass: 'Goods Carrier (LGV)',
    fuel: 'DIESEL',
    cc: 2523,
    seats: 2,
    weight: 2735,
    body: 'OPEN BODY',
  },
] as const;
export type Vehicle = (typeof VEHICLES)[number];
export const vehicleFrom = (random: Random): Vehicle => random.pick(VEHICLES);

export const INSURERS = [
  'ICICI LOMBARD GENERAL INSURANCE CO. LTD',
  'BAJAJ ALLIANZ GENERAL INSURANCE CO. LTD',
  'HDFC ERGO GENERAL INSURANCE CO. LTD',
  'NEW INDIA ASSURANCE CO. LTD',
  'TATA AIG GENERAL INSURANCE CO. LTD',
] as const;
