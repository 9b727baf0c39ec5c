import type { Result } from './engine.js';
import { businessNameFrom, nameMatch, personFrom, type Person } from './people.js';
import { seededRandom, type Random } from './random.js';

/**
 * The subjects behind the answers: the same PAN is the same holder in every PAN product and
 * inside a GSTIN, the same IFSC the same bank.
 */

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

export interface PanHolder {
  person: Person | null;
  name: string;
  type: string;
  random: Random;
}

/** The holder of a PAN: a person for P, a business otherwise. */
export function panHolder(pan: string, variant: number): PanHolder {
  const random = seededRandom('pan', pan, String(variant));
  const person = personFrom(random);
  const kind = pan[3]!;
  const name =
    kind === 'P' ? person.fullName : kind === 'H' ? `${person.fullName} HUF` : `${businessNameFrom(random)}${kind === 'C' ? ' PRIVATE LIMITED' : ''}`;
  return { person: kind === 'P' ? person : null, name, type: PAN_HOLDER[kind] ?? 'Unknown', random };
}

/** The result with a name_match when a name to match was sent. */
export const withNameMatch = (result: Result, given: unknown, actual: string): Result =>
  typeof given === 'string' ? { ...result, name_match: nameMatch(given, actual) } : result;

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

export const bankOf = (ifsc: string): string => BANKS[ifsc.slice(0, 4)] ?? 'Sandbox Co-operative Bank';

/** A request field as text (the builders read validated data). */
export const text = (data: Record<string, unknown>, key: string): string => String(data[key] ?? '');
