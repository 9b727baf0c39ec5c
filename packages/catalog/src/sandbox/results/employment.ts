import type { BuildInput, ProductSandbox, Result } from '../engine.js';
import { businessNameFrom, personFrom } from '../people.js';
import type { Random } from '../random.js';
import { text } from '../subjects.js';
import { single } from './flows.js';

function employers(random: Random, count: number) {
  let year = 2010 + random.int(0, 6);
  return Array.from({ length: count }, (_, index) => {
    const from = `${year}-${String(random.int(1, 12)).padStart(2, '0')}-01`;
    year += random.int(1, 4);
    const to = index === count - 1 ? null : `${year}-${String(random.int(1, 12)).padStart(2, '0')}-28`;
    return { name: `${businessNameFrom(random)} PRIVATE LIMITED`, code: random.digits(7), from, to };
  }).reverse();
}

function uan({ data, rng }: BuildInput): Result {
  const number = text(data, 'customer_uan_number');
  const random = rng('uan', number);
  return {
    uan: number,
    member_name: personFrom(random).fullName,
    employment_history: employers(random, random.int(1, 3)).map((row) => ({
      establishment_name: row.name,
      establishment_id: `MHBAN${row.code}000`,
      date_of_joining: row.from,
      date_of_exit: row.to,
    })),
  };
}

/** The insured person of an ESIC number, the same in ESIC Lite and Advance. */
function esic({ data, rng }: BuildInput) {
  const number = text(data, 'customer_esic_number');
  const random = rng('esic', number);
  return { random, result: { ip_number: number, name: personFrom(random).fullName, employer_code: random.digits(17), status: 'ACTIVE' } };
}

export const employmentSandboxes: Record<string, ProductSandbox> = {
  in_employment_uan_lite: single(uan),
  in_employment_uan_mobile: single(
    ({ data, rng }) => {
      const random = rng('uan-mobile', text(data, 'customer_mobile_number'));
      return {
        mobile_number: text(data, 'customer_mobile_number'),
        uan: `10${random.digits(10)}`,
        member_name: personFrom(random).fullName,
        current_employer: `${businessNameFrom(random)} PRIVATE LIMITED`,
      };
    },
    ['current_employer'],
  ),
  in_employment_esic_lite: single((input) => esic(input).result),
  in_employment_esic_advance: single((input) => {
    const { random, result } = esic(input);
    const history = employers(random, random.int(1, 3));
    return {
      ...result,
      employer_code: history[0]!.code.padEnd(17, '0'),
      employers: history.map((row) => ({ employer_code: row.code.padEnd(17, '0'), employer_name: row.name, from: row.from, to: row.to })),
      contribution_months: random.int(6, 24),
    };
  }),
};
