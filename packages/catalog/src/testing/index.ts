import { SAMPLE_PNG } from '../documents/files.js';
import { operationFor } from '../requests/actions.js';
import { exampleRequest } from '../requests/examples.js';
import { productByArn } from '../index.js';

/**
 * Test fixtures shared by the catalog's and the gateway's tests (`@verigate/catalog/testing`):
 * every trial-form message of seed 001 §5 with a value that breaks it, written out letter for
 * letter here rather than read from the definitions, so a changed message fails a test.
 */
export interface MessageCase {
  arn: string;
  action?: string;
  /** Dot path in the body: 'data.customer_pan_number', 'report_id'. */
  path: string;
  /** The value to send; undefined leaves the field out. */
  value: unknown;
  message: string;
  /** 104 for consent, 106 otherwise. */
  code?: 104 | 106;
  /** CKYC: search by Aadhaar instead of the example's PAN. */
  aadhaar?: boolean;
}

const long = (length: number) => 'A'.repeat(length);

export const SEED_MESSAGE_CASES: readonly MessageCase[] = [
  { arn: 'in_identity_pan_lite', path: 'data.consent', value: 'N', message: 'Please provide consent!', code: 104 },
  { arn: 'in_identity_passport_lite', path: 'data.first_name', value: 'R2', message: 'First Name field is invalid' },
  { arn: 'in_identity_passport_lite', path: 'data.last_name', value: '', message: 'Last Name field is invalid' },
  { arn: 'in_identity_passport_lite', path: 'data.passport_number', value: '12345678', message: 'Please enter a valid passport number' },
  { arn: 'in_identity_passport_lite', path: 'data.passport_type', value: 'X', message: 'Please select type!' },
  { arn: 'in_identity_passport_lite', path: 'data.gender', value: undefined, message: 'Please select gender!' },
  { arn: 'in_identity_passport_lite', path: 'data.country', value: 'INDIA', message: 'Please select country!' },
  { arn: 'in_identity_passport_advance', path: 'data.customer_file_number', value: 'DL10612345', message: 'Please enter a valid Customer file number' },
  { arn: 'in_identity_passport_advance', path: 'data.name_to_match', value: 'R2-D2', message: 'Please enter a valid Name' },
  { arn: 'in_identity_pan_lite', path: 'data.customer_pan_number', value: 'ABCPE1234', message: 'Please enter a valid Pan number' },
  { arn: 'in_identity_pan_demographic', path: 'data.customer_name', value: undefined, message: 'Please enter user name' },
  { arn: 'in_merchant_gstin_lite', path: 'data.business_gstin_number', value: '27ABCPE1234F1X5', message: 'Please enter a valid GSTIN number' },
  { arn: 'in_merchant_gstpan_lite', path: 'data.business_pan_number', value: '27ABCPE1234F1Z5', message: 'Please enter a valid Pan number' },
  { arn: 'in_financial_bank_lite', path: 'data.account_number', value: '12345678901234567', message: 'Please enter a valid Account number' },
  { arn: 'in_financial_bank_advance', path: 'data.ifsc', value: 'HDFC1000123', message: 'Please enter a valid IFSC number' },
  { arn: 'in_financial_ifsc_lite', path: 'data.ifsc', value: 'HDFC00001234', message: 'Please enter a valid IFSC number' },
  { arn: 'in_identity_dl_lite', path: 'data.customer_dl_number', value: 'MH0220190', message: 'Please enter a valid DL number' },
  { arn: 'in_identity_voter_lite', path: 'data.customer_epic_number', value: 'ABC12345678', message: 'Epic number is not valid' },
  { arn: 'in_identity_voter_lite', path: 'data.name_to_match', value: '42', message: 'Please enter a valid Name' },
  { arn: 'in_ocr_card_lite', path: 'data.card_front_image', value: undefined, message: 'Please upload a file' },
  { arn: 'in_ocr_card_lite', path: 'data.card_type', value: undefined, message: 'Please select type!' },
  { arn: 'in_vehicle_rc_lite', path: 'data.vehicle_registration_number', value: 'MH12AB12345', message: 'Registration number field is not valid' },
  { arn: 'in_vehicle_rc_mvtax', path: 'data.chassis_number', value: 'S12345', message: 'Chassis number field is not valid' },
  { arn: 'in_vehicle_rc_mvtax', path: 'data.rc_tax_mode', value: 'L', message: 'Please select Tax mode!' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_maker_description', value: '', message: '*Maker description cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_model', value: undefined, message: '*Vehicle model cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_cubic_capacity', value: ' ', message: '*Vehicle capacity cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_fuel_description', value: undefined, message: '*Fuel description cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_seating_capacity', value: undefined, message: '*Seating capacity cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_insurance_company', value: undefined, message: '*Insurance comp. cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_insurance_company', value: long(101), message: '*Length cannot be greater than 100' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_gross_weight', value: undefined, message: '*Vehicle weight cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_class', value: undefined, message: '*Vehicle class cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_rc_permit', value: undefined, message: '*Vehicle RC permit cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_rc_permit_issued', value: undefined, message: '*Permit issued date cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_rc_permit_start_date', value: undefined, message: '*Permit start date cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_rc_permit_expiry_date', value: undefined, message: '*Permit expiry date cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_rc_permit_type', value: undefined, message: '*Vehicle permit type cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_body_type', value: undefined, message: '*Vehicle body type cannot be empty' },
  { arn: 'in_vehicle_rc_advance', path: 'data.vehicle_manufacturing_month_year', value: undefined, message: '*Manufacturing date cannot be empty' },
  { arn: 'in_ocr_cheque_lite', path: 'data.cheque_image', value: undefined, message: 'Please upload a file' },
  { arn: 'in_contact_telecom_digitalage', path: 'data.customer_phone_number', value: '98765', message: 'Please enter a valid Phone number' },
  { arn: 'in_contact_mobile_otp', action: 'request', path: 'data.customer_mobile_number', value: '12345', message: 'Please enter a valid Mobile number' },
  { arn: 'in_contact_mobile_network', path: 'data.mobile_number', value: '98765432101', message: 'Please enter a valid mobile number' },
  { arn: 'in_identity_aadhaar_lite', path: 'data.customer_aadhaar_number', value: '123456789012', message: 'Please enter a valid Aadhaar number' },
  { arn: 'in_merchant_udyog_lite', path: 'data.udyog_aadhaar', value: 'UDYAM-MH-19-00112345', message: 'Please enter a valid Udyog Aadhaar number' },
  { arn: 'in_merchant_cin_lite', path: 'data.cin_number', value: 'X72200KA2015PTC081234', message: 'Please enter a valid CIN number' },
  { arn: 'in_merchant_fssai_lite', path: 'data.fssai_number', value: '1001902200123', message: 'Please enter a valid FSSAI number' },
  { arn: 'in_contract_esign_aadhaar', action: 'init', path: 'data.document.data', value: SAMPLE_PNG, message: 'Only PDF files are allowed' },
  { arn: 'in_contract_esign_aadhaar', action: 'init', path: 'data.signers.0.signer_name', value: 'R', message: 'Signer Name is not valid' },
  { arn: 'in_contract_esign_aadhaar', action: 'init', path: 'data.signers.0.signer_email', value: 'rahul@', message: 'Signer email is not valid' },
  { arn: 'in_contract_esign_aadhaar', action: 'init', path: 'data.signers.0.signer_city', value: 'Bengaluru 560034', message: 'City required' },
  { arn: 'in_contact_email_otp', action: 'request-test', path: 'data.name', value: '', message: 'Name should not be blank' },
  { arn: 'in_contact_email_otp', action: 'request-test', path: 'data.name', value: 'Priya 2', message: 'Name is not valid' },
  { arn: 'in_contact_email_otp', action: 'request-test', path: 'data.email', value: undefined, message: 'Email should not be blank' },
  { arn: 'in_contact_email_otp', action: 'request-test', path: 'data.email', value: 'priya@example', message: 'Please enter a valid Email' },
  { arn: 'in_contact_email_otp', action: 'submit-test', path: 'data.otp', value: '12345', message: 'Please enter a valid OTP' },
  { arn: 'in_merchant_report_advance', path: 'data.customer_pan_number', value: 'ABCDE', message: 'Please enter a valid Pan number' },
  { arn: 'in_merchant_report_advance', path: 'data.cin_number', value: undefined, message: 'Please enter a valid CIN number' },
  { arn: 'in_merchant_tantopan_lite', path: 'data.customer_tan_number', value: 'MUMA1234B', message: 'Please enter a valid Tan number' },
  { arn: 'in_merchant_pantotan_lite', path: 'data.customer_pan_number', value: 'MUMA12345B', message: '*Please enter a valid Pan number' },
  { arn: 'in_identity_ckyc_lite', path: 'data.customer_aadhaar_number', value: '', message: 'Aadhaar Number Should Not be Empty', aadhaar: true },
  { arn: 'in_identity_ckyc_lite', path: 'data.customer_aadhaar_number', value: '12345', message: 'Aadhaar Number is not valid', aadhaar: true },
  { arn: 'in_identity_ckyc_advance', path: 'data.customer_name', value: undefined, message: 'Customer Name Should Not be Empty', aadhaar: true },
  { arn: 'in_identity_ckyc_advance', path: 'data.customer_name', value: 'R@hul', message: 'Customer Name is not valid', aadhaar: true },
  { arn: 'in_financial_upi_lite', path: 'data.customer_upi_id', value: 'rahul.sharma', message: 'Please enter a valid UPI ID' },
  {
    arn: 'in_face_liveness_lite',
    action: 'init',
    path: 'data.face_match',
    value: btoa('GIF89a-not-allowed'),
    message: 'Please select correct Image! Only image files ( jpg, jpeg, png ) are allowed.',
  },
  {
    arn: 'in_vehicle_fastag_advance',
    path: 'data.vehicle_registration_number',
    value: 'MH12',
    message: 'Please enter a valid vehicle registration number number',
  },
  { arn: 'in_vehicle_rc_chassis', path: 'data.chassis_number', value: long(24), message: 'Please enter a valid Chassis number' },
  { arn: 'in_contract_estamp_lite', path: 'data.firstPartyName', value: 'Asha 9', message: 'First Party Name is invalid' },
  { arn: 'in_contract_estamp_lite', path: 'data.secondPartyName', value: long(51), message: 'Second Party Name must not exceed 50 characters' },
  { arn: 'in_contract_estamp_lite', path: 'data.purpose', value: '#rent', message: 'Purpose of Stamp Duty is invalid' },
  { arn: 'in_contract_estamp_lite', path: 'data.stampDutyPaidBy', value: 'BOTH', message: 'please select estamp duty paid by' },
  { arn: 'in_contract_estamp_lite', path: 'data.stateCode', value: undefined, message: 'Please select branch name first' },
  { arn: 'in_contract_estamp_lite', path: 'data.stampDutyAmount', value: 'five hundred', message: 'Stamp Duty Value field is invalid' },
  { arn: 'in_contract_estamp_lite', path: 'data.articleId', value: '201', message: 'Please enter a valid article number' },
  { arn: 'in_contract_estamp_lite', path: 'data.considerationPrice', value: '-5', message: 'Consideration Price field is invalid' },
  { arn: 'in_employment_uan_lite', path: 'data.customer_uan_number', value: '10091234123A', message: 'Please enter a valid UAN Number' },
  { arn: 'in_merchant_din_lite', path: 'data.customer_din_number', value: '075612345', message: 'Please enter a valid Din Number' },
  { arn: 'in_contact_telecom_digitalage', path: 'data.customer_name', value: 'Priya 2', message: 'Name should not contains numbers' },
  { arn: 'in_contact_telecom_digitalage', path: 'data.pincode', value: '56003', message: 'Please enter a valid Pincode' },
  { arn: 'in_contact_telecom_digitalage', path: 'data.customer_email', value: 'priya.example.com', message: 'Please enter a valid Email' },
  { arn: 'in_vehicle_rc_valuation', path: 'data.total_distance_driven', value: '12345678', message: 'total_distance_driven field is not valid' },
  { arn: 'in_ocr_document_processor', path: 'data.document_file', value: undefined, message: 'Please upload a file' },
];

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<Record<string, unknown>>((node, key) => node[key] as Record<string, unknown>, target);
  if (value === undefined) delete parent[last];
  else parent[last] = value;
}

/** The product's example request (answered 100) with the case's field broken. */
export function brokenRequest(testCase: MessageCase): Record<string, unknown> {
  const product = productByArn(testCase.arn);
  if (!product) throw new Error(`unknown product ${testCase.arn}`);
  const operation = operationFor(product, testCase.action)!;
  const body = structuredClone(exampleRequest(product, operation)) as Record<string, unknown>;
  if (testCase.aadhaar) {
    const data = body.data as Record<string, unknown>;
    Object.assign(data, {
      document_type: 'AADHAAR',
      customer_aadhaar_number: '1234',
      customer_name: 'Rahul Sharma',
      customer_dob: '31-JAN-1990',
      customer_gender: 'M',
    });
    delete data.customer_pan_number;
  }
  setPath(body, testCase.path, testCase.value);
  return body;
}
export { openApiValidator, type OpenApiValidator } from './openapi.js';
