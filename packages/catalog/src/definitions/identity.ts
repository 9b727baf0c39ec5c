import { LETTER_OPTION_SETS } from '@verigate/contracts';
import type { Condition, Field, ResultShape } from '../model.js';
import { CATEGORIES } from '../product.js';
import { choice, type ChoiceSpec, date, dateOfBirth, FIELD_MESSAGES, flag, identifier, nameToMatch, pattern, personName, text } from '../requests/fields.js';
import { arr, bool, NAME_MATCH_RESULT, NULLABLE, num, obj, OPTIONAL, str } from '../requests/results.js';
import { at, type ProductEntry } from './define.js';
import { hostedFetch, hostedInit, otpRequest, otpVerify, single } from './steps.js';

const category = CATEGORIES.identity;

const pan = identifier('customer_pan_number', 'pan');
const panSelector = [at('customer_pan_number', 5)];

const PAN_RESULT = {
  pan_number: str('The PAN, upper-cased.', 'identity-number'),
  user_full_name: str('The name registered on the PAN.', 'name', NULLABLE),
  pan_status: str("'VALID', 'INOPERATIVE' (not linked to Aadhaar), 'DEACTIVATED' or 'DELETED'.", 'none'),
  pan_holder_type: str("From the PAN's fourth letter: Individual, Company, Firm, Hindu Undivided Family, Trust, …", 'none'),
} satisfies ResultShape;

const optionalDob = dateOfBirth({ required: false, form: { control: 'date-parts', hidden: true } });

const mobile = identifier('customer_mobile_number', 'mobile');
const gender = (spec: Partial<ChoiceSpec> = {}) =>
  choice('customer_gender', {
    label: 'Gender',
    description: 'M, F or T.',
    message: FIELD_MESSAGES.selectGender,
    options: LETTER_OPTION_SETS.gender,
    ...spec,
    form: { control: 'radio' },
  });

/** CKYC: search by PAN, or by the last four Aadhaar digits with name, date of birth and gender. */
function ckycFields(dobAndGenderForPan: boolean): Field[] {
  const byAadhaar: Condition = { field: 'document_type', equals: ['AADHAAR'] };
  const personal: Condition | undefined = dobAndGenderForPan ? undefined : byAadhaar;
  return [
    choice('document_type', {
      label: 'Search by',
      description: "'PAN', or 'AADHAAR' with the last four digits, name, date of birth and gender.",
      message: FIELD_MESSAGES.selectType,
      options: ['PAN', 'AADHAAR'],
      form: { control: 'switch', clearsOthers: true },
    }),
    identifier('customer_pan_number', 'pan', { when: { field: 'document_type', equals: ['PAN'] } }),
    text('customer_aadhaar_number', {
      label: 'Aadhaar number (last 4 digits)',
      description: 'The last four digits of the Aadhaar number.',
      personal: 'aadhaar',
      message: 'Aadhaar Number is not valid',
      requiredMessage: 'Aadhaar Number Should Not be Empty',
      example: '1234',
      rules: [pattern(/^[0-9]{4}$/, 'Aadhaar Number is not valid')],
      when: byAadhaar,
    }),
    personName('customer_name', {
      label: 'Customer name',
      description: 'The name as on the KYC record.',
      message: 'Customer Name is not valid',
      requiredMessage: 'Customer Name Should Not be Empty',
      example: 'Rahul Sharma',
      when: byAadhaar,
    }),
    date('customer_dob', {
      label: 'Date of birth',
      description: 'DD-MMM-YYYY, e.g. 31-JAN-1990.',
      personal: 'date-of-birth',
      message: 'Please select date of birth!',
      format: 'DD-MMM-YYYY',
      example: '31-JAN-1990',
      ...(personal ? { when: personal } : {}),
    }),
    gender({ example: 'M', ...(personal ? { when: personal } : {}) }),
  ];
}

const CKYC_RESULT = {
  ckyc_number: str('The 14-digit CKYC identifier, masked but for its last four digits.', 'identity-number'),
  full_name: str('Name on the KYC record.', 'name'),
  father_name: str("Father's or spouse's name.", 'name', NULLABLE),
  age: num('Age in years.', NULLABLE),
  kyc_date: str('Date the record was last updated (YYYY-MM-DD).', 'none'),
  photo: str('The photograph on record, base64 PNG.', 'file', NULLABLE),
} satisfies ResultShape;

export const identity: readonly ProductEntry[] = [
  {
    arn: 'in_identity_pan_lite',
    name: 'PAN Lite',
    category,
    short_description: "Verifies a PAN against the Income Tax Department database and returns the holder's name and PAN status.",
    additional_info:
      'Send a 10-character PAN to receive the registered name, the PAN status (valid, deactivated, deleted and so on) and the holder type given by its fourth character. An optional name is matched against the registered name. Used for customer onboarding, vendor checks and periodic KYC refresh.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
    operations: [single('Verify a PAN', [pan, optionalDob, nameToMatch()], { ...PAN_RESULT, name_match: NAME_MATCH_RESULT }, panSelector)],
  },
  {
    arn: 'in_identity_pan_advance',
    name: 'PAN Advance',
    category,
    short_description: 'Fetches extended PAN details, including the Aadhaar seeding status, for a PAN.',
    additional_info:
      'Returns the registered name, PAN status, holder category, date of birth or incorporation, gender where applicable, masked Aadhaar number and whether the PAN is linked to Aadhaar. An optional name is matched against the registered name. Suited to regulated onboarding where an inoperative (unlinked) PAN must be flagged.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: true,
    operations: [
      single(
        'Fetch extended PAN details',
        [pan, optionalDob, nameToMatch()],
        {
          ...PAN_RESULT,
          user_dob: str('Date of birth or incorporation (YYYY-MM-DD).', 'date-of-birth', NULLABLE),
          user_gender: str('M or F; null for non-individuals.', 'none', NULLABLE),
          masked_aadhaar_number: str('The linked Aadhaar number, all but the last four digits masked.', 'aadhaar', NULLABLE),
          aadhaar_linked: bool('Whether the PAN is linked to an Aadhaar number.', NULLABLE),
          name_match: NAME_MATCH_RESULT,
        },
        panSelector,
      ),
    ],
  },
  {
    arn: 'in_identity_pan_pro',
    name: 'PAN Pro',
    category,
    short_description: 'Checks that a PAN is valid and that a supplied name matches the name registered on it.',
    additional_info:
      "Takes a PAN and the holder's name as declared by the customer and returns the PAN status with a name-match result and score. Matching tolerates initials, reordered names and common spelling variants. Used where the name on an application must agree with the PAN before disbursal or payout.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Verify a PAN and match a name',
        [pan, nameToMatch()],
        {
          pan_number: PAN_RESULT.pan_number,
          pan_status: PAN_RESULT.pan_status,
          name_match: NAME_MATCH_RESULT,
        },
        panSelector,
      ),
    ],
  },
  {
    arn: 'in_identity_pan_micro',
    name: 'PAN Micro',
    category,
    short_description: "Returns whether a PAN is valid and operative, with the holder's details only on request.",
    additional_info:
      'By default the response carries only the PAN status and the Aadhaar-linkage flag, keeping personal data out of the reply; setting pan_details adds the registered name and holder category. Suited to high-volume pre-screening and to finding inoperative PANs before deducting TDS.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Check PAN status',
        [pan, flag('pan_details', { label: 'PAN details', description: 'Also return the registered name and holder type.', default: false })],
        {
          pan_number: PAN_RESULT.pan_number,
          pan_status: PAN_RESULT.pan_status,
          aadhaar_seeding_status: str("'Y' when the PAN is linked to an Aadhaar number, else 'N'.", 'none'),
          user_full_name: str('With pan_details only.', 'name', { optional: true, nullable: true }),
          pan_holder_type: str('With pan_details only.', 'none', OPTIONAL),
        },
        panSelector,
      ),
    ],
  },
  {
    arn: 'in_identity_pan_demographic',
    name: 'PAN Demographic',
    category,
    short_description: "Verifies a PAN together with the holder's name and date of birth.",
    additional_info:
      'Send the PAN with the name and date of birth declared by the customer; the response says whether each matches the Income Tax Department record, along with the PAN status. No personal data beyond the match results is returned. Used to confirm self-declared KYC details without exposing the stored record.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Match a name and date of birth with a PAN',
        [
          pan,
          personName('customer_name', {
            label: 'User name',
            description: 'The name declared by the customer.',
            message: 'Please enter user name',
            example: 'Rahul Sharma',
          }),
          dateOfBirth(),
        ],
        {
          pan_number: PAN_RESULT.pan_number,
          pan_status: PAN_RESULT.pan_status,
          name_match: bool('Whether the name matches the record.', NULLABLE),
          dob_match: bool('Whether the date of birth matches the record.', NULLABLE),
        },
        panSelector,
      ),
    ],
  },
  {
    arn: 'in_identity_pan_mini',
    name: 'PAN Mini',
    category,
    short_description: "A minimal PAN check that returns the PAN status and the holder's masked name.",
    additional_info:
      'Built for high-throughput screens such as checkout and payout flows: the response carries only the PAN status, the holder type and a masked registered name. Full details are available through PAN Lite or PAN Advance.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Check PAN status (minimal)',
        [pan],
        {
          pan_number: PAN_RESULT.pan_number,
          pan_status: PAN_RESULT.pan_status,
          pan_holder_type: PAN_RESULT.pan_holder_type,
          masked_name: str('The registered name with all but the first letter of each word masked.', 'name', NULLABLE),
        },
        panSelector,
      ),
    ],
  },
  {
    arn: 'in_identity_aadhaar_lite',
    name: 'Aadhaar Validation',
    category,
    short_description: 'Confirms that an Aadhaar number exists and is active, without an OTP.',
    additional_info:
      "Returns whether the 12-digit Aadhaar number is valid, with the age band, gender, state and the last digits of the registered mobile number as published by UIDAI's verification service. It returns no name or address and is not an e-KYC. Used as a quick check before OTP-based KYC.",
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
    operations: [
      single(
        'Validate an Aadhaar number',
        [identifier('customer_aadhaar_number', 'aadhaar')],
        {
          aadhaar_number: str('The Aadhaar number with the first eight digits masked.', 'aadhaar'),
          is_valid: bool('Whether UIDAI reports the number as existing and active.'),
          age_band: str("Age band, e.g. '20-30'.", 'none', NULLABLE),
          gender: str('M or F.', 'none'),
          state: str('State of the registered address.', 'none'),
          mobile_number: str('Last three digits of the registered mobile number, the rest masked.', 'phone', NULLABLE),
        },
        [at('customer_aadhaar_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_identity_aadhaar_pro',
    name: 'Aadhaar Pro',
    category,
    short_description: 'Validates an Aadhaar number and reports whether a PAN is linked to it.',
    additional_info:
      'Returns the Aadhaar validity details together with the Aadhaar-PAN link status; with pan_details set, the linked PAN and the name on it are included. Used by lenders, brokers and employers that must confirm Aadhaar-PAN seeding under the income tax rules.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Validate an Aadhaar number and its PAN link',
        [
          identifier('customer_aadhaar_number', 'aadhaar'),
          flag('pan_details', { label: 'PAN details', description: 'Also return the linked PAN and its name.', default: false }),
        ],
        {
          aadhaar_number: str('The Aadhaar number with the first eight digits masked.', 'aadhaar'),
          is_valid: bool('Whether UIDAI reports the number as existing and active.'),
          pan_linked: bool('Whether a PAN is linked to the Aadhaar number.', NULLABLE),
          linked_pan: str('With pan_details: the linked PAN, masked but for its last four characters.', 'identity-number', { optional: true, nullable: true }),
          pan_name: str('With pan_details: the name on the linked PAN.', 'name', { optional: true, nullable: true }),
        },
        [at('customer_aadhaar_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_identity_okyc_otp',
    name: 'OKYC',
    category,
    short_description: "Aadhaar offline e-KYC: fetches the holder's UIDAI-signed KYC data after OTP consent.",
    additional_info:
      'The first call makes UIDAI send an OTP to the mobile number registered with the Aadhaar; the second submits that OTP and returns the digitally signed KYC data: name, date of birth, gender, address and photograph, with the Aadhaar number masked. Used for paperless KYC by entities permitted to perform Aadhaar offline verification.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: true,
    flow: { kind: 'otp', expiresInMinutes: 10, resendLockSeconds: 30, otpSentFlag: 'otp_sent' },
    operations: [
      otpRequest(
        'request',
        "Send an OTP to the Aadhaar holder's registered mobile number.",
        [identifier('customer_aadhaar_number', 'aadhaar')],
        {
          otp_sent: bool('true once UIDAI has sent the OTP.'),
          masked_mobile: str('The registered mobile number, masked but for its last three digits.', 'phone'),
        },
        [at('customer_aadhaar_number', -4)],
      ),
      otpVerify('verify', {
        aadhaar_number: str('The Aadhaar number with the first eight digits masked.', 'aadhaar'),
        full_name: str('Name as in Aadhaar.', 'name'),
        dob: str('Date of birth (YYYY-MM-DD).', 'date-of-birth'),
        gender: str('M or F.', 'none'),
        care_of: str('S/O, D/O, W/O or C/O line.', 'name', NULLABLE),
        address: str('The full address.', 'address'),
        photo: str('The photograph, base64 PNG.', 'file'),
      }),
    ],
  },
  {
    arn: 'in_identity_voter_lite',
    name: 'Voter ID',
    category,
    short_description: 'Verifies an EPIC (voter ID) number against the electoral roll of the Election Commission of India.',
    additional_info:
      "Returns the elector's name, relative's name, age, gender, assembly constituency, polling station and part number for the EPIC number. An optional name is matched against the roll entry. Used as identity and address evidence in onboarding.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: true,
    operations: [
      single(
        'Verify a voter ID (EPIC)',
        [identifier('customer_epic_number', 'epic'), nameToMatch()],
        {
          epic_number: str('The EPIC number.', 'identity-number'),
          name: str("The elector's name.", 'name'),
          relative_name: str("The relative's name.", 'name', NULLABLE),
          relation_type: str("'FATHER', 'MOTHER', 'HUSBAND' or 'OTHER'.", 'none', NULLABLE),
          age: num('Age in years.', NULLABLE),
          gender: str('M, F or T.', 'none', NULLABLE),
          state: str('State of the electoral roll.', 'none'),
          assembly_constituency: str('Assembly constituency.', 'none', NULLABLE),
          polling_station: str('Polling station.', 'address', NULLABLE),
          part_number: num('Part number of the roll.', NULLABLE),
          name_match: NAME_MATCH_RESULT,
        },
        [at('customer_epic_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_identity_dl_lite',
    name: 'Driving Licence',
    category,
    short_description: 'Verifies a driving licence against the Sarathi (Parivahan) database.',
    additional_info:
      "Send the licence number, with the date of birth where the issuing state requires it, to get the holder's name, validity of the non-transport and transport endorsements, authorised vehicle classes, issuing RTO and status. An optional name is matched. Used for driver and delivery-partner onboarding and for identity checks.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: true,
    operations: [
      single(
        'Verify a driving licence',
        [
          identifier('customer_dl_number', 'dl'),
          dateOfBirth({ required: { field: 'customer_dl_number', matches: /AP|TS/ }, requiredMessage: FIELD_MESSAGES.dlDob }),
          nameToMatch(),
        ],
        {
          dl_number: str('The licence number.', 'identity-number'),
          user_full_name: str("The holder's name.", 'name'),
          user_dob: str('Date of birth (YYYY-MM-DD).', 'date-of-birth'),
          status: str("'ACTIVE', 'SUSPENDED' or 'EXPIRED'.", 'none'),
          date_of_issue: str('Date of first issue (YYYY-MM-DD).', 'none'),
          non_transport_validity: obj(
            'Validity of the non-transport endorsement.',
            { from: str('YYYY-MM-DD', 'none'), to: str('YYYY-MM-DD', 'none') },
            NULLABLE,
          ),
          vehicle_classes: arr('Authorised vehicle classes (MCWG, LMV, TRANS, …).', str('A class of vehicle.', 'none'), NULLABLE),
          issuing_rto: str('State and RTO code.', 'none'),
          user_address: str('Address on the licence.', 'address', NULLABLE),
          name_match: NAME_MATCH_RESULT,
        },
        [at('customer_dl_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_identity_passport_lite',
    name: 'Passport Lite',
    category,
    short_description: 'Verifies the details printed on a passport against the issued passport record.',
    additional_info:
      "Send the passport number and type, the holder's first and last names, date of birth, gender, country and expiry date; the response confirms whether they match the passport as issued. Used to validate a passport presented for KYC without keeping a copy of it.",
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Verify passport details',
        [
          personName('first_name', { label: 'First name', description: 'Given name as printed.', message: 'First Name field is invalid', example: 'Rahul' }),
          personName('last_name', { label: 'Last name', description: 'Surname as printed.', message: 'Last Name field is invalid', example: 'Sharma' }),
          identifier('passport_number', 'passport'),
          dateOfBirth({ message: 'Please select date of birth!' }),
          date('expiry_date', {
            label: 'Expiry date',
            description: 'Date of expiry (YYYY-MM-DD).',
            personal: 'none',
            message: 'Please select expiry date!',
            minYear: 1950,
            maxYear: 2050,
            notAfterToday: false,
            example: '2031-05-20',
          }),
          choice('passport_type', {
            label: 'Type',
            description: 'P personal, D diplomatic or S service.',
            message: FIELD_MESSAGES.selectType,
            options: LETTER_OPTION_SETS.passportType,
          }),
          choice('gender', {
            label: 'Gender',
            description: 'M or F.',
            message: FIELD_MESSAGES.selectGender,
            options: LETTER_OPTION_SETS.gender.slice(0, 2),
            form: { control: 'radio' },
          }),
          text('country', {
            label: 'Country',
            description: 'Issuing country, ISO 3166 alpha-3 (IND for India).',
            personal: 'none',
            message: 'Please select country!',
            example: 'IND',
            upper: true,
            rules: [pattern(/^[A-Z]{3}$/, 'Please select country!')],
            form: { control: 'select', optionsFrom: 'countries' },
          }),
          text('nationality', {
            label: 'Nationality',
            description: "The holder's nationality, ISO 3166 alpha-3, when it differs from the issuing country.",
            personal: 'none',
            message: 'Please select nationality!',
            example: 'IND',
            upper: true,
            required: false,
            rules: [pattern(/^[A-Z]{3}$/, 'Please select nationality!')],
            form: { control: 'select', optionsFrom: 'countries', hidden: true },
          }),
        ],
        {
          passport_number: str('The passport number.', 'identity-number'),
          status: str("'VALID' or 'EXPIRED'.", 'none'),
          first_name_match: bool('Whether the first name matches.'),
          last_name_match: bool('Whether the last name matches.'),
          dob_match: bool('Whether the date of birth matches.', NULLABLE),
          expiry_match: bool('Whether the expiry date matches.', NULLABLE),
        },
        [at('passport_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_identity_passport_advance',
    name: 'Passport Advance',
    category,
    short_description: 'Fetches passport details using the passport application file number.',
    additional_info:
      "Takes the file number (12 to 15 characters) and the date of birth and returns the passport number, holder's name, date of issue and application type from the Passport Seva record. An optional name is matched against the record. Used when the customer has the file number but not a copy of the passport.",
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Fetch passport details by file number',
        [identifier('customer_file_number', 'fileNumber'), dateOfBirth({ message: 'Please select date of birth!' }), nameToMatch()],
        {
          file_number: str('The file number.', 'identity-number'),
          passport_number: str('The passport number issued.', 'identity-number'),
          full_name: str("The holder's name.", 'name'),
          dob: str('Date of birth (YYYY-MM-DD).', 'date-of-birth'),
          date_of_issue: str('Date of issue (YYYY-MM-DD).', 'none', NULLABLE),
          application_type: str("'NORMAL' or 'TATKAL'.", 'none', NULLABLE),
          name_match: NAME_MATCH_RESULT,
        },
        [at('customer_file_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_identity_ckyc_lite',
    name: 'CKYC Search',
    category,
    short_description: "Searches the Central KYC Registry (CERSAI) for a customer's KYC record.",
    additional_info:
      'Search by PAN, or by the last four digits of the Aadhaar number with name, date of birth and gender, and receive the masked CKYC identifier, name, age and photograph where available. Lets regulated entities reuse an existing KYC record instead of collecting documents again.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [single('Search the CKYC registry', ckycFields(false), CKYC_RESULT, [at('customer_pan_number', 5), at('customer_aadhaar_number', 0)])],
  },
  {
    arn: 'in_identity_ckyc_advance',
    name: 'CKYC Advance',
    category,
    short_description: 'Searches the Central KYC Registry and downloads the full KYC record.',
    additional_info:
      "Locates the record as CKYC Search does (a PAN search also needs the date of birth) and returns the downloaded KYC: name, parents' names, addresses, contact details, identity documents on file and photograph. Intended for reporting entities registered with CERSAI.",
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Search and download a CKYC record',
        ckycFields(true),
        {
          ...CKYC_RESULT,
          gender: str('M, F or T.', 'none', NULLABLE),
          dob: str('Date of birth (YYYY-MM-DD).', 'date-of-birth', NULLABLE),
          mother_name: str("Mother's name.", 'name', NULLABLE),
          permanent_address: str('Permanent address.', 'address', NULLABLE),
          correspondence_address: str('Correspondence address.', 'address', NULLABLE),
          mobile_number: str('Mobile number, masked but for its last three digits.', 'phone', NULLABLE),
          email: str('Email, masked.', 'email', NULLABLE),
          documents: arr('Identity documents on file.', str('A document type (PAN, AADHAAR, PASSPORT, …).', 'none')),
        },
        [at('customer_pan_number', 5), at('customer_aadhaar_number', 0)],
      ),
    ],
  },
  {
    arn: 'in_identity_digilocker_lite',
    name: 'Digilocker',
    category,
    short_description: "Fetches government-issued documents from the customer's DigiLocker with their consent.",
    additional_info:
      'Creates a DigiLocker consent session; once the customer signs in and approves sharing, the issued documents they selected (Aadhaar, PAN, driving licence, mark sheets and others) are returned as issuer-signed data. Documents pulled from DigiLocker are deemed equivalent to the original physical documents.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    flow: { kind: 'hosted', expiresInMinutes: 30, page: { title: 'DigiLocker consent', passLabel: 'Allow sharing', failLabel: 'Deny' } },
    operations: [
      hostedInit('Open a DigiLocker consent session for the customer.', [mobile], [at('customer_mobile_number', -4)]),
      hostedFetch('Fetch the documents the customer shared.', {
        documents: arr(
          'The documents shared; empty while pending or when the customer denied.',
          obj('A shared document.', {
            doc_type: str("'AADHAAR', 'PAN' or 'DRIVING_LICENSE'.", 'none'),
            issuer: str('The issuing department.', 'none'),
            number: str('The document number, masked.', 'identity-number'),
            name: str('Name on the document.', 'name'),
          }),
        ),
      }),
    ],
  },
  {
    arn: 'in_identity_name_match',
    name: 'Name Match API',
    category,
    short_description: 'Scores how closely two person or business names refer to the same entity.',
    additional_info:
      'Compares two names and returns a match score and a match decision, handling Indian naming patterns such as initials, honorifics, reordered first and last names, spelling variants and transliteration differences. Used to reconcile the names returned by PAN, bank or GST checks with the name a customer declared.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Score two names',
        [
          personName('name_1', {
            label: 'First name to compare',
            description: 'A person or business name.',
            message: FIELD_MESSAGES.name,
            example: 'Rahul Kumar Sharma',
          }),
          personName('name_2', {
            label: 'Second name to compare',
            description: 'A person or business name.',
            message: FIELD_MESSAGES.name,
            example: 'Sharma Rahul',
          }),
        ],
        {
          score: num('Similarity, 0 to 100.'),
          match: bool('true when the score is at least 70.'),
          name_1: str('The first name.', 'name'),
          name_2: str('The second name.', 'name'),
        },
        [at('consent_text', -4)],
      ),
    ],
  },
  {
    arn: 'in_identity_student_sdk',
    name: 'Student Verification SDK',
    category,
    short_description: "A hosted flow that verifies a student's enrolment and academic records.",
    additional_info:
      "The SDK link guides the student to authenticate with their institution or DigiLocker account and share their enrolment details; the result carries the student's name, institution, course, year of study and enrolment status. Used by education lenders and student-offer programmes to confirm student status.",
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    flow: { kind: 'hosted', expiresInMinutes: 30, page: { title: 'Student verification', passLabel: 'Share enrolment', failLabel: 'Not enrolled' } },
    operations: [
      hostedInit(
        'Open a student verification session.',
        [
          mobile,
          personName('customer_name', {
            label: 'Student name',
            description: "The student's name, to prefill the page.",
            message: FIELD_MESSAGES.name,
            example: 'Ananya Iyer',
            required: false,
          }),
        ],
        [at('customer_mobile_number', -4)],
      ),
      hostedFetch('Fetch the enrolment the student shared.', {
        student: obj(
          'The enrolment; null while pending or when not enrolled.',
          {
            name: str("The student's name.", 'name'),
            institution: str('The institution.', 'none'),
            course: str('The course.', 'none'),
            year_of_study: num('Current year of study.'),
            enrolment_status: str("'ENROLLED' or 'GRADUATED'.", 'none'),
          },
          NULLABLE,
        ),
      }),
    ],
  },
];
