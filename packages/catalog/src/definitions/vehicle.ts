import { LETTER_OPTION_SETS } from '@verigate/contracts';
import type { Field, ResultShape } from '../model.js';
import { CATEGORIES } from '../product.js';
import { choice, date, identifier, length, number, text } from '../requests/fields.js';
import { arr, bool, NULLABLE, num, obj, str } from '../requests/results.js';
import { at, type ProductEntry } from './define.js';
import { single } from './steps.js';

const category = CATEGORIES.vehicle;

const registration = identifier('vehicle_registration_number', 'registration');
/** The registration form whose message the seed gives as 'Please enter a valid vehicle registration number number'. */
const registrationLookup = identifier('vehicle_registration_number', 'registration', { message: 'Please enter a valid vehicle registration number number' });
const bySerial = [at('vehicle_registration_number', -4)];
const chassisLastFive = identifier('chassis_number', 'chassisLastFive');

const RC_RESULT = {
  registration_number: str('The registration number.', 'identity-number'),
  owner_name: str("The registered owner's name, partly masked.", 'name', NULLABLE),
  registration_date: str('YYYY-MM-DD.', 'none'),
  registered_at: str('The registering RTO.', 'none'),
  maker: str('Manufacturer.', 'none'),
  model: str('Model and variant.', 'none'),
  vehicle_class: str("'Motor Car (LMV)', 'M-Cycle/Scooter (2WN)', …", 'none'),
  fuel_type: str("'PETROL', 'DIESEL', 'CNG', 'ELECTRIC', …", 'none'),
  fitness_upto: str('YYYY-MM-DD.', 'none', NULLABLE),
  insurance_upto: str('YYYY-MM-DD.', 'none', NULLABLE),
  puc_upto: str('YYYY-MM-DD.', 'none', NULLABLE),
  status: str("'ACTIVE', 'SUSPENDED' or 'BLACKLISTED'.", 'none'),
} satisfies ResultShape;

/** RC advanced's attributes, checked in this order with the form's '*…' messages (seed 001 §5). */
const attribute = (name: string, label: string, subject: string, example: string, extra: Partial<Parameters<typeof text>[1]> = {}): Field =>
  text(name, {
    label,
    description: `${label} as the customer declares it; compared with the RC record.`,
    personal: 'none',
    message: `*${subject} cannot be empty`,
    example,
    ...extra,
  });

const permitDate = (name: string, label: string, subject: string, example: string, notAfterToday = true): Field =>
  date(name, {
    label,
    description: `${label}, DD-MMM-YYYY.`,
    personal: 'none',
    message: `*${subject} cannot be empty`,
    format: 'DD-MMM-YYYY',
    notAfterToday,
    maxYear: 2050,
    example,
  });

const RC_ADVANCED_FIELDS: readonly Field[] = [
  registration,
  attribute('vehicle_maker_description', 'Maker description', 'Maker description', 'MARUTI SUZUKI INDIA LTD'),
  attribute('vehicle_model', 'Vehicle model', 'Vehicle model', 'SWIFT VXI'),
  attribute('vehicle_cubic_capacity', 'Cubic capacity', 'Vehicle capacity', '1197'),
  attribute('vehicle_fuel_description', 'Fuel', 'Fuel description', 'PETROL'),
  attribute('vehicle_seating_capacity', 'Seating capacity', 'Seating capacity', '5'),
  attribute('vehicle_insurance_company', 'Insurance company', 'Insurance comp.', 'ICICI LOMBARD GENERAL INSURANCE CO. LTD', {
    rules: [length(undefined, 100, '*Length cannot be greater than 100')],
  }),
  attribute('vehicle_gross_weight', 'Gross weight', 'Vehicle weight', '1335'),
  attribute('vehicle_class', 'Vehicle class', 'Vehicle class', 'Motor Car (LMV)'),
  attribute('vehicle_rc_permit', 'RC permit number', 'Vehicle RC permit', 'MH2019-PP-1234', { personal: 'identity-number' }),
  permitDate('vehicle_rc_permit_issued', 'Permit issued date', 'Permit issued date', '10-JAN-2019'),
  permitDate('vehicle_rc_permit_start_date', 'Permit start date', 'Permit start date', '10-JAN-2019'),
  permitDate('vehicle_rc_permit_expiry_date', 'Permit expiry date', 'Permit expiry date', '09-JAN-2029', false),
  attribute('vehicle_rc_permit_type', 'Permit type', 'Vehicle permit type', 'CONTRACT CARRIAGE'),
  attribute('vehicle_body_type', 'Body type', 'Vehicle body type', 'SALOON'),
  date('vehicle_manufacturing_month_year', {
    label: 'Month and year of manufacture',
    description: 'MM/YYYY.',
    personal: 'none',
    message: '*Manufacturing date cannot be empty',
    format: 'MM/YYYY',
    example: '11/2018',
  }),
];

export const vehicle: readonly ProductEntry[] = [
  {
    arn: 'in_vehicle_rc_lite',
    name: 'RC Lite',
    category,
    short_description: 'Verifies a vehicle registration certificate against the VAHAN database.',
    additional_info:
      "Returns the owner's name, registration date and authority, maker and model, vehicle class, fuel type, and the validity of fitness, insurance and PUC for a registration number. Used for driver and fleet onboarding and for vehicle loans and insurance.",
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
    operations: [single('Verify a registration certificate', [registration], RC_RESULT, bySerial)],
  },
  {
    arn: 'in_vehicle_rc_advance',
    name: 'RC Advance',
    category,
    short_description: 'Fetches the complete RC record, including insurance, permit and financier details.',
    additional_info:
      'Returns the RC Lite details plus the masked chassis and engine numbers, specifications (cubic capacity, seating capacity, gross weight, body type, month of manufacture), insurer and policy validity, permit type and dates, hypothecation, blacklist status and owner serial number. Built for motor-insurance underwriting and renewals; also offered as a batch job.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
    batch: { response_type: 'INSURANCE' },
    form: { ordered: true, consentMessage: '*Please provide consent!' },
    operations: [
      single(
        'Fetch the full RC and compare declared attributes',
        RC_ADVANCED_FIELDS,
        {
          ...RC_RESULT,
          chassis_number: str('Chassis number, masked but for its last five characters.', 'identity-number'),
          engine_number: str('Engine number, masked but for its last five characters.', 'identity-number'),
          financier: str('Hypothecated to, when financed.', 'none', NULLABLE),
          insurer: str('Insurer on record.', 'none', NULLABLE),
          permit_type: str('Permit type on record.', 'none', NULLABLE),
          owner_serial: num('Number of owners so far.'),
          similarity: obj('The declared attributes compared with the record.', {
            overall_score: num('Average of the attribute scores, 0 to 100.'),
            attributes: arr(
              'One row per declared attribute.',
              obj('A comparison.', {
                attribute: str('The request field.', 'none'),
                given: str('As declared.', 'identity-number'),
                on_record: str('As on the RC.', 'identity-number', NULLABLE),
                score: num('0 to 100.'),
                match: bool('Score at least 80.'),
              }),
            ),
          }),
        },
        bySerial,
      ),
    ],
  },
  {
    arn: 'in_vehicle_rc_reverse',
    name: 'RC Reverse',
    category,
    short_description: 'Lists the vehicles registered against a mobile number.',
    additional_info:
      'Returns the registration numbers and basic RC details of the vehicles whose registration records carry the given mobile number. Used by lenders to discover the vehicles a borrower owns during underwriting and collections; also offered as a batch job.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    batch: { response_type: 'FINANCE' },
    operations: [
      single(
        'List the vehicles of a mobile number',
        [identifier('customer_mobile_number', 'mobile')],
        {
          mobile_number: str('The mobile number.', 'phone'),
          vehicles: arr(
            'Vehicles whose records carry the number.',
            obj('A vehicle.', {
              registration_number: str('Registration number.', 'identity-number'),
              maker_model: str('Maker and model.', 'none'),
              registration_date: str('YYYY-MM-DD.', 'none'),
              owner_serial: num('Owner serial number.'),
            }),
          ),
        },
        [at('customer_mobile_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_vehicle_rc_chassis',
    name: 'RC Chassis',
    category,
    short_description: "Fetches a vehicle's registration details from its chassis number.",
    additional_info:
      'Looks up the VAHAN record by the full chassis number (VIN, up to 23 characters) and returns the registration number with the RC details. Used when the number plate is unknown, new or disputed, for example in used-vehicle and insurance inspections.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Find an RC by chassis number',
        [identifier('chassis_number', 'chassis')],
        { chassis_number: str('The chassis number.', 'identity-number'), ...RC_RESULT },
        [at('chassis_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_vehicle_rc_finder',
    name: 'RC Finder',
    category,
    short_description: "Finds a vehicle's registration number from its engine and chassis numbers.",
    additional_info:
      'Searches the registry with the engine number and the last characters of the chassis number and returns the matching registration number and registering state. Used to trace a vehicle when only the stamped engine and chassis numbers are available, for example in repossession.',
    default_free_transactions: 25,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Find a registration number by engine and chassis',
        [identifier('engine_number', 'engine'), chassisLastFive],
        {
          registration_number: str('The registration number found.', 'identity-number'),
          state: str('Registering state.', 'none'),
          maker_model: str('Maker and model.', 'none'),
        },
        [at('engine_number', -4)],
      ),
    ],
  },
  {
    arn: 'in_vehicle_rc_mini',
    name: 'RC-Mini API',
    category,
    short_description: 'A compact RC check: registration status, class, maker, model and key validity dates.',
    additional_info:
      'A lighter and faster variant of RC Lite without owner details, for high-volume checks that a registration is valid and that its fitness, insurance and PUC are current. Used by ride-hailing, logistics and parking platforms for periodic fleet checks.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Check a registration (compact)',
        [registration],
        {
          registration_number: RC_RESULT.registration_number,
          vehicle_class: RC_RESULT.vehicle_class,
          maker: RC_RESULT.maker,
          model: RC_RESULT.model,
          fitness_upto: RC_RESULT.fitness_upto,
          insurance_upto: RC_RESULT.insurance_upto,
          puc_upto: RC_RESULT.puc_upto,
          status: RC_RESULT.status,
        },
        bySerial,
      ),
    ],
  },
  {
    arn: 'in_vehicle_rc_reverseinvoice',
    name: 'RC Reverse Invoice',
    category,
    short_description: 'Returns the dealer and sale invoice details recorded for a registered vehicle.',
    additional_info:
      'For a registration number, returns the selling dealer, the invoice date and the sale amount recorded at registration where available. Used by lenders to validate the invoice submitted for vehicle loans, refinance and top-up loans.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Fetch the sale invoice of a vehicle',
        [registrationLookup],
        {
          registration_number: str('The registration number.', 'identity-number'),
          dealer_name: str('Selling dealer.', 'none'),
          dealer_address: str('Dealer address.', 'none', NULLABLE),
          invoice_date: str('YYYY-MM-DD.', 'none'),
          invoice_amount: num('Rupees.'),
          ex_showroom_price: num('Rupees.', NULLABLE),
        },
        bySerial,
      ),
    ],
  },
  {
    arn: 'in_vehicle_rc_valuation',
    name: 'RC Valuation',
    category,
    short_description: 'Estimates the market value of a used vehicle from its registration number and distance driven.',
    additional_info:
      'Combines the RC details (maker, model, variant, age and number of owners) with the kilometres driven to return an estimated resale value range. Used in used-vehicle loans, insured declared value checks and trade-in pricing.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Value a used vehicle',
        [
          registration,
          number('total_distance_driven', {
            label: 'Distance driven (km)',
            description: 'Kilometres on the odometer, up to 7 digits.',
            message: 'total_distance_driven field is not valid',
            min: 0,
            max: 9_999_999,
            example: 42000,
          }),
        ],
        {
          registration_number: str('The registration number.', 'identity-number'),
          maker: str('Manufacturer.', 'none'),
          model: str('Model and variant.', 'none'),
          manufacturing_year: num('Year of manufacture.'),
          owner_count: num('Owners so far.'),
          total_distance_driven: num('As sent.'),
          valuation: obj('Estimated resale value, rupees.', { low: num('Lower bound.'), fair: num('Fair value.'), high: num('Upper bound.') }),
        },
        bySerial,
      ),
    ],
  },
  {
    arn: 'in_vehicle_rc_mvtax',
    name: 'RC MV Tax',
    category,
    short_description: 'Shows the motor vehicle tax paid and due for a registered vehicle.',
    additional_info:
      'Takes the registration number, the last five characters of the chassis number and the tax mode, and returns the date the tax is paid up to, the amounts paid and any dues at the RTO. Used by fleet operators and lenders to confirm that road tax is current.',
    default_free_transactions: 25,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Fetch the motor vehicle tax status',
        [
          registration,
          chassisLastFive,
          choice('rc_tax_mode', {
            label: 'Tax mode',
            description: 'Y yearly, M monthly or Q quarterly.',
            message: 'Please select Tax mode!',
            options: LETTER_OPTION_SETS.taxPeriod,
          }),
        ],
        {
          registration_number: str('The registration number.', 'identity-number'),
          tax_mode: str('As sent.', 'none'),
          tax_paid_upto: str('YYYY-MM-DD.', 'none'),
          last_paid_amount: num('Rupees.', NULLABLE),
          last_paid_date: str('YYYY-MM-DD.', 'none', NULLABLE),
          dues: num('Rupees due today.'),
        },
        bySerial,
      ),
    ],
  },
  {
    arn: 'in_vehicle_challan_payment',
    name: 'Challan Payment',
    category,
    short_description: 'Lists the pending traffic e-challans of a vehicle and supports paying them.',
    additional_info:
      'Returns the e-challans issued against a registration number with the offence, date, place, amount and payment status, and a link to pay those still pending. Used by fleet operators, insurers and used-vehicle platforms to clear or account for fines before a transfer.',
    default_free_transactions: 25,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'List the e-challans of a vehicle',
        [registrationLookup, chassisLastFive],
        {
          registration_number: str('The registration number.', 'identity-number'),
          total_pending: num('Rupees pending.'),
          challans: arr(
            'E-challans issued.',
            obj('A challan.', {
              challan_number: str('Challan number.', 'identity-number'),
              date: str('YYYY-MM-DD.', 'none'),
              offence: str('Offence.', 'none'),
              place: str('Place.', 'none'),
              amount: num('Rupees.'),
              status: str("'PENDING' or 'PAID'.", 'none'),
              // The link carries the challan number.
              payment_url: str('Where a pending challan is paid; null once paid.', 'identity-number', NULLABLE),
            }),
          ),
        },
        bySerial,
      ),
    ],
  },
  {
    arn: 'in_vehicle_fastag_advance',
    name: 'Fastag Advance',
    category,
    short_description: 'Returns the FASTag details linked to a vehicle.',
    additional_info:
      'For a registration number, returns the FASTag ID, issuing bank, tag status (active, blacklisted, low balance), vehicle class and issue date from the NETC FASTag records. Used by fleet, logistics and parking platforms to confirm that a vehicle is ready for electronic toll and parking payments.',
    default_free_transactions: 25,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Fetch the FASTag of a vehicle',
        [registrationLookup],
        {
          registration_number: str('The registration number.', 'identity-number'),
          tag_id: str('FASTag ID.', 'identity-number'),
          issuer_bank: str('Issuing bank.', 'none'),
          tag_status: str("'ACTIVE', 'BLACKLISTED' or 'LOW_BALANCE'.", 'none'),
          vehicle_class: str('NETC vehicle class, e.g. VC4.', 'none'),
          issue_date: str('YYYY-MM-DD.', 'none'),
        },
        bySerial,
      ),
    ],
  },
  {
    arn: 'in_vehicle_history_advance',
    name: 'Vehicle History API',
    category,
    short_description: "Returns a used vehicle's history: ownership changes, insurance and challans.",
    additional_info:
      'Consolidates for a registration number the ownership transfers, hypothecation changes, past insurance policies and, where available, claims and challan history. Used by buyers, used-vehicle marketplaces and lenders to assess a vehicle before purchase or financing.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    operations: [
      single(
        'Fetch the history of a vehicle',
        [registrationLookup],
        {
          registration_number: str('The registration number.', 'identity-number'),
          owners: arr('Ownership transfers, oldest first.', obj('An owner.', { serial: num('Owner serial.'), from: str('YYYY-MM-DD.', 'none') })),
          insurance: arr(
            'Policies on record.',
            obj('A policy.', {
              insurer: str('Insurer.', 'none'),
              policy_number: str('Masked.', 'identity-number'),
              valid_from: str('YYYY-MM-DD.', 'none'),
              valid_upto: str('YYYY-MM-DD.', 'none'),
            }),
          ),
          hypothecated: bool('Whether the vehicle is financed today.'),
          challans_count: num('E-challans on record.'),
        },
        bySerial,
      ),
    ],
  },
];
