import { CATEGORIES } from '../product.js';
import { identifier } from '../requests/fields.js';
import { arr, NULLABLE, num, obj, str } from '../requests/results.js';
import { at, type ProductEntry } from './define.js';
import { single } from './steps.js';

const category = CATEGORIES.employment;

const esic = identifier('customer_esic_number', 'esic');
const ESIC_RESULT = {
  ip_number: str('The insurance number.', 'identity-number'),
  name: str("The insured person's name.", 'name'),
  employer_code: str('17-digit code of the current employer.', 'identity-number'),
  status: str("'ACTIVE' or 'INACTIVE'.", 'none'),
};

export const employment: readonly ProductEntry[] = [
  {
    arn: 'in_employment_uan_lite',
    name: 'UAN Verification',
    category,
    short_description: 'Fetches the EPFO employment history of a Universal Account Number.',
    additional_info:
      "Returns the member's name and, for each establishment, the employer name and the dates of joining and exit recorded against the 12-digit UAN. Used for employment checks in hiring and for salaried-income checks in lending.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Fetch the employment history of a UAN',
        [identifier('customer_uan_number', 'uan')],
        {
          uan: str('The UAN.', 'identity-number'),
          member_name: str("The member's name.", 'name'),
          employment_history: arr(
            'Establishments, most recent first.',
            obj('An employment.', {
              establishment_name: str('Employer.', 'name'),
              establishment_id: str('EPFO establishment code.', 'identity-number'),
              date_of_joining: str('YYYY-MM-DD.', 'none'),
              date_of_exit: str('YYYY-MM-DD; null while employed.', 'none', NULLABLE),
            }),
          ),
        },
        [at('customer_uan_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_employment_uan_mobile',
    name: 'Mobile to UAN',
    category,
    short_description: 'Finds the UAN and employment details linked to a mobile number.',
    additional_info:
      "Returns the UAN registered with EPFO for a 10-digit mobile number, with the member's name and current employer where available. Used when an applicant does not know their UAN and to confirm declared employment.",
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Find the UAN of a mobile number',
        [identifier('customer_mobile_number', 'mobile')],
        {
          mobile_number: str('The mobile number.', 'phone'),
          uan: str('The UAN.', 'identity-number'),
          member_name: str("The member's name.", 'name'),
          current_employer: str('Current establishment.', 'name', NULLABLE),
        },
        [at('customer_mobile_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_employment_esic_lite',
    name: 'ESIC Lite',
    category,
    short_description: "Verifies an ESIC insurance number and returns the insured person's details.",
    additional_info:
      "Returns the insured person's name, employer code and registration status for a 10-digit ESIC insurance (IP) number. Used to confirm the employment of workers covered by the Employees' State Insurance scheme.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    form: { silentFailure: true },
    operations: [single('Verify an ESIC number', [esic], ESIC_RESULT, [at('customer_esic_number', -4)])],
  },
  {
    arn: 'in_employment_esic_advance',
    name: 'ESIC Advance',
    category,
    short_description: 'Fetches the employer and contribution history of an ESIC insured person.',
    additional_info:
      'Adds to the ESIC Lite details the employers the person has been registered under and the contribution periods on record. Used to verify continuity of employment in blue-collar hiring and lending.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
    form: { silentFailure: true },
    operations: [
      single(
        'Fetch the ESIC employment history',
        [esic],
        {
          ...ESIC_RESULT,
          employers: arr(
            'Employers registered under.',
            obj('An employer.', {
              employer_code: str('Code.', 'identity-number'),
              employer_name: str('Name.', 'name'),
              from: str('YYYY-MM-DD.', 'none'),
              to: str('YYYY-MM-DD; null while current.', 'none', NULLABLE),
            }),
          ),
          contribution_months: num('Months with contributions in the last two years.'),
        },
        [at('customer_esic_number', -4)],
      ),
    ],
  },
];
