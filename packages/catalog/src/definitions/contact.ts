import { CATEGORIES } from '../product.js';
import { email, identifier, nameToMatch, pattern, personName, text } from '../requests/fields.js';
import { bool, NAME_MATCH_RESULT, NULLABLE, num, obj, OPTIONAL, str } from '../requests/results.js';
import { at, type ProductEntry } from './define.js';
import { otpRequest, otpVerify, single } from './steps.js';

const category = CATEGORIES.contact;

export const contact: readonly ProductEntry[] = [
  {
    arn: 'in_contact_email_otp',
    name: 'Email OTP Verification',
    category,
    short_description: 'Confirms that a customer controls an email address with a one-time password.',
    additional_info:
      'The first call emails a 6-digit OTP to the address and returns a request_id; the second submits the OTP the customer entered with that request_id and returns whether it matched. Used to verify contact details during sign-up or before changing them.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
    flow: { kind: 'otp', expiresInMinutes: 10, resendLockSeconds: 60, otpSentFlag: 'is_otp_sent' },
    operations: [
      otpRequest(
        'request-test',
        'Email an OTP to the address.',
        [
          personName('name', {
            label: 'Name',
            description: "The addressee's name, used in the email.",
            message: 'Name is not valid',
            requiredMessage: 'Name should not be blank',
            example: 'Priya Sharma',
          }),
          email('email', { requiredMessage: 'Email should not be blank' }),
        ],
        { is_otp_sent: bool('true once the email has been sent.'), email: str('The address, masked.', 'email') },
        [at('email', 0, '@')],
      ),
      otpVerify('submit-test', { email: str('The address verified, masked.', 'email') }),
    ],
  },
  {
    arn: 'in_contact_mobile_otp',
    name: 'Mobile OTP Verification',
    category,
    short_description: 'Confirms that a customer controls a mobile number with an SMS one-time password.',
    additional_info:
      'The first call sends a 6-digit OTP by SMS and returns a request_id; the second submits the OTP with that request_id and returns the verification result. Used to verify the mobile number captured at sign-up or before sensitive changes.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
    flow: { kind: 'otp', expiresInMinutes: 10, resendLockSeconds: 30, otpSentFlag: 'otp_sent' },
    operations: [
      otpRequest(
        'request',
        'Send an OTP by SMS to the mobile number.',
        [identifier('customer_mobile_number', 'mobile')],
        { otp_sent: bool('true once the SMS has been sent.'), mobile_number: str('The number, masked but for its last four digits.', 'phone') },
        [at('customer_mobile_number', -4)],
      ),
      otpVerify('verify', { mobile_number: str('The number verified, masked.', 'phone') }),
    ],
  },
  {
    arn: 'in_contact_mobile_name',
    name: 'Mobile to Name',
    category,
    short_description: 'Returns the name associated with an Indian mobile number.',
    additional_info:
      'Looks up the subscriber name linked to a 10-digit mobile number, with an optional match against a supplied name. Used to check that the mobile number on an application belongs to the applicant.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Find the name of a mobile number',
        [identifier('customer_mobile_number', 'mobile'), nameToMatch()],
        { mobile_number: str('The mobile number.', 'phone'), name: str('Subscriber name.', 'name', NULLABLE), name_match: NAME_MATCH_RESULT },
        [at('customer_mobile_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_contact_mobile_network',
    name: 'Mobile Network Lookup',
    category,
    short_description: 'Identifies the operator, telecom circle and connection status of a mobile number.',
    additional_info:
      'Returns the current operator, the telecom circle, whether the number has been ported and whether the connection is active. Used to clean contact data and to flag numbers that are unlikely to receive OTPs.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Look up the network of a mobile number',
        [identifier('mobile_number', 'mobile', { message: 'Please enter a valid mobile number' })],
        {
          mobile_number: str('The mobile number.', 'phone'),
          operator: str('Current operator.', 'none'),
          circle: str('Telecom circle.', 'none'),
          ported: bool('Whether the number was ported.'),
          connection_status: str("'ACTIVE' or 'INACTIVE'.", 'none'),
          connection_type: str("'PREPAID' or 'POSTPAID'.", 'none', NULLABLE),
        },
        [at('mobile_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_contact_telecom_digitalage',
    name: 'Telecom Digital Age',
    category,
    short_description: 'Estimates how long a phone number and an email address have been in use.',
    additional_info:
      'Takes any of a phone number, email address, name and pincode and returns the estimated age of the number and the email, their activity signals, and whether they are consistent with the supplied name and pincode. A recently created identity is a common fraud signal in digital lending and account opening.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      {
        summary: 'Estimate the digital age of a phone number and email',
        fields: [
          identifier('customer_phone_number', 'mobile', { label: 'Phone number', message: 'Please enter a valid Phone number', required: false }),
          email('customer_email', { required: false }),
          text('customer_name', {
            label: 'Name',
            description: 'The name the phone and email should belong to.',
            personal: 'name',
            message: 'Name should not contains numbers',
            example: 'Priya Sharma',
            required: false,
            rules: [pattern(/^[^0-9]+$/, 'Name should not contains numbers')],
          }),
          identifier('pincode', 'pincode', { required: false }),
        ],
        atLeastOne: {
          fields: ['customer_phone_number', 'customer_email', 'customer_name', 'pincode'],
          message: 'Please enter at least one of phone number, email, name or pincode',
        },
        result: {
          phone: obj(
            'With a phone number.',
            {
              age_months: num('Months the number has been in use.'),
              active: bool('Whether it is active.'),
              name_consistent: bool('Whether it matches the name.', NULLABLE),
            },
            OPTIONAL,
          ),
          email: obj(
            'With an email.',
            {
              age_months: num('Months the address has been in use.'),
              deliverable: bool('Whether mail to it is delivered.'),
              name_consistent: bool('Whether it matches the name.', NULLABLE),
            },
            OPTIONAL,
          ),
          pincode_consistent: bool('Whether the phone and email activity agree with the pincode.', NULLABLE),
          risk_score: num('0 (low) to 100 (high): a newly made identity scores high.'),
        },
        selectors: [at('customer_phone_number', -4), at('pincode', -4), at('customer_email', 0, '@')],
      },
    ],
  },
];
