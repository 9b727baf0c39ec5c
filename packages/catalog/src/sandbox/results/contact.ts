import type { BuildInput, ProductSandbox, Result } from '../engine.js';
import { maskAllBut, maskEmail, personFrom } from '../people.js';
import { text, withNameMatch } from '../subjects.js';
import { otpChecked, otpSent, single } from './flows.js';

const OPERATORS = ['Jio', 'Airtel', 'Vi', 'BSNL'] as const;
const CIRCLES = ['Maharashtra', 'Karnataka', 'Delhi NCR', 'Tamil Nadu', 'Gujarat', 'Kolkata', 'Kerala', 'Uttar Pradesh (East)'] as const;

function network({ data, rng }: BuildInput): Result {
  const mobile = text(data, 'mobile_number');
  const random = rng('network', mobile);
  return {
    mobile_number: mobile,
    operator: random.pick(OPERATORS),
    circle: random.pick(CIRCLES),
    ported: random.next() < 0.2,
    connection_status: 'ACTIVE',
    connection_type: random.next() < 0.8 ? 'PREPAID' : 'POSTPAID',
  };
}

/** Digital age: older numbers and addresses score lower risk; a name with the holder's words is consistent. */
function digitalAge({ data, rng }: BuildInput): Result {
  const random = rng('digital-age', data.customer_phone_number, data.customer_email, data.customer_name, data.pincode);
  const name = typeof data.customer_name === 'string' ? data.customer_name : undefined;
  const consistent = () => (name === undefined ? null : random.next() < 0.8);
  const phone = data.customer_phone_number ? { phone: { age_months: random.int(2, 180), active: true, name_consistent: consistent() } } : {};
  const email = data.customer_email ? { email: { age_months: random.int(1, 150), deliverable: random.next() < 0.95, name_consistent: consistent() } } : {};
  const ages = [phone.phone?.age_months, email.email?.age_months].filter((age): age is number => age !== undefined);
  const youngest = ages.length ? Math.min(...ages) : 60;
  return {
    ...phone,
    ...email,
    pincode_consistent: data.pincode ? random.next() < 0.85 : null,
    risk_score: Math.max(0, Math.min(100, Math.round(100 - youngest * 0.8))),
  };
}

export const contactSandboxes: Record<string, ProductSandbox> = {
  in_contact_email_otp: {
    'request-test': otpSent(({ data }) => {
      const masked = maskEmail(text(data, 'email'));
      return { result: { is_otp_sent: true, email: masked }, state: { email: masked } };
    }),
    'submit-test': otpChecked((session) => ({ email: session.state.email })),
  },
  in_contact_mobile_otp: {
    request: otpSent(({ data }) => {
      const masked = maskAllBut(text(data, 'customer_mobile_number'), 4);
      return { result: { otp_sent: true, mobile_number: masked }, state: { mobile_number: masked } };
    }),
    verify: otpChecked((session) => ({ mobile_number: session.state.mobile_number })),
  },
  in_contact_mobile_name: single(
    ({ data, rng }) => {
      const person = personFrom(rng('mobile', text(data, 'customer_mobile_number')));
      return withNameMatch({ mobile_number: text(data, 'customer_mobile_number'), name: person.fullName }, data.name_to_match, person.fullName);
    },
    ['name'],
  ),
  in_contact_mobile_network: single(network, ['connection_type']),
  in_contact_telecom_digitalage: single(digitalAge, ['pincode_consistent']),
};
