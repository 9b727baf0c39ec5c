import { DOCUMENT_TYPES } from '@verigate/contracts';
import { SAMPLE_JPEG, SAMPLE_PNG } from '../documents/files.js';
import { SAMPLE_PDF } from '../documents/pdf.js';
import type { FileKind, PersonalKind, ResultShape } from '../model.js';
import { CATEGORIES } from '../product.js';
import { choice, FIELD_MESSAGES, file, flag, IMAGE_KINDS, identifier } from '../requests/fields.js';
import { arr, bool, NULLABLE, num, obj, OPTIONAL, str } from '../requests/results.js';
import { at, type ProductEntry } from './define.js';
import { hostedFetch, hostedInit, single } from './steps.js';

const category = CATEGORIES.ocr;

const CARD_KINDS: readonly FileKind[] = ['png', 'jpeg', 'pdf'];
const cardType = choice('card_type', {
  label: 'Card type',
  description: DOCUMENT_TYPES.join(', ') + '.',
  message: FIELD_MESSAGES.selectType,
  options: DOCUMENT_TYPES,
  example: 'PAN',
});

const nullableText = (description: string, personal: PersonalKind) => str(description, personal, NULLABLE);
const OCR_RESULT = {
  card_type: str('As sent.', 'none'),
  fields: obj('The fields read; null where the card has none.', {
    name: nullableText('Name.', 'name'),
    number: nullableText('Document number (Aadhaar masked but for its last four digits).', 'identity-number'),
    dob: nullableText('Date of birth (YYYY-MM-DD).', 'date-of-birth'),
    gender: nullableText('M, F or T.', 'none'),
    father_name: nullableText("Father's name.", 'name'),
    address: nullableText('Address.', 'address'),
    issue_date: nullableText('YYYY-MM-DD.', 'none'),
    expiry_date: nullableText('YYYY-MM-DD.', 'none'),
  }),
  quality: obj('Image checks.', { blur: bool('Blurred.'), glare: bool('Glare on the card.'), confidence: num('Reading confidence, 0 to 100.') }),
} satisfies ResultShape;

export const ocr: readonly ProductEntry[] = [
  {
    arn: 'in_ocr_card_lite',
    name: 'ID Card OCR',
    category,
    short_description: 'Extracts the fields from images of Aadhaar, PAN, voter ID, driving licence, passport and RC cards.',
    additional_info:
      'Send the front image, and the back where the card type needs it, as base64 PNG, JPEG or PDF with the card type; the response returns the parsed fields such as name, number, date of birth and address. For Aadhaar, a copy of the image with the first eight digits masked can be returned for storage as UIDAI requires.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: true,
    operations: [
      single(
        'Read an identity card',
        [
          file('card_front_image', {
            label: 'Front side',
            description: 'The front of the card: PNG, JPEG or PDF as base64 without prefix.',
            accept: CARD_KINDS,
            example: SAMPLE_PNG,
          }),
          file('card_back_image', {
            label: 'Back side',
            description: 'The back of the card, where it has one.',
            accept: CARD_KINDS,
            required: false,
            form: { hint: 'The back side is needed for Passport, Aadhaar and Voter ID.' },
          }),
          cardType,
          flag('aadhaar_masked_image', {
            label: 'Masked Aadhaar image',
            description: 'For Aadhaar: also return the image with the first eight digits masked.',
            default: false,
            form: { shownWhen: { field: 'card_type', equals: ['AADHAAR', 'AADHAAR_MASKED'] } },
          }),
        ],
        { ...OCR_RESULT, masked_image: str('With aadhaar_masked_image: the front image with the first eight digits masked, base64 PNG.', 'file', OPTIONAL) },
        [at('card_front_image', 0)],
      ),
    ],
  },
  {
    arn: 'in_ocr_card_sdk',
    name: 'OCR SDK',
    category,
    short_description: 'A hosted capture flow that photographs identity cards and returns their OCR results.',
    additional_info:
      'Creates a session link that guides the customer through capturing clear card images on a phone or browser, with glare and blur checks, and returns the same structured fields as ID Card OCR. Saves building a capture screen and reduces unreadable uploads.',
    default_free_transactions: 50,
    auto_approval: true,
    show_while_onboarding: false,
    flow: { kind: 'hosted', expiresInMinutes: 30, page: { title: 'Capture your card', passLabel: 'Capture a clear image', failLabel: 'Give up' } },
    operations: [
      hostedInit(
        'Open a card capture session.',
        [cardType, identifier('customer_mobile_number', 'mobile', { description: 'The mobile number the capture link is sent to.' })],
        [at('customer_mobile_number', -4)],
      ),
      hostedFetch('Fetch what was read from the captured card.', { ocr: obj('Null while pending or when the customer gave up.', OCR_RESULT, NULLABLE) }),
    ],
  },
  {
    arn: 'in_ocr_cheque_lite',
    name: 'Cheque OCR',
    category,
    short_description: 'Reads the account and bank details from a cancelled cheque image.',
    additional_info:
      'Extracts the account number, IFSC, MICR code, bank and branch, and the account holder name where printed, from a PNG or JPEG cheque image. Used to capture bank details for payouts, mandates and vendor onboarding without manual entry.',
    default_free_transactions: 100,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Read a cancelled cheque',
        [
          file('cheque_image', {
            label: 'Cheque image',
            description: 'The cheque, PNG or JPEG as base64 without prefix.',
            accept: IMAGE_KINDS,
            example: SAMPLE_JPEG,
          }),
        ],
        {
          account_number: str('Account number.', 'account-number'),
          ifsc: str('IFSC.', 'none'),
          micr: str('MICR code.', 'none', NULLABLE),
          bank_name: str('Bank.', 'none'),
          branch: str('Branch.', 'none', NULLABLE),
          account_holder_name: str('Printed holder name.', 'name', NULLABLE),
          cheque_number: str('Cheque number.', 'identity-number', NULLABLE),
        },
        [at('cheque_image', 0)],
      ),
    ],
  },
  {
    arn: 'in_ocr_document_processor',
    name: 'Document Processor',
    category,
    short_description: 'Extracts structured data from invoices and insurance policy documents.',
    additional_info:
      'Send a PNG, JPEG, TIFF, WebP or PDF document with its type (invoice or insurance); the response returns its key fields, such as invoice number, date, GSTINs, line items and totals, or insurer, policy number, insured vehicle or person and policy period. Used to automate claims, reimbursements and vendor bill processing.',
    default_free_transactions: 25,
    auto_approval: true,
    show_while_onboarding: false,
    operations: [
      single(
        'Extract data from an invoice or an insurance policy',
        [
          file('document_file', {
            label: 'Document',
            description: 'PNG, JPEG, TIFF, WebP or PDF as base64 without prefix.',
            accept: ['png', 'jpeg', 'tiff', 'pdf', 'webp'],
            example: SAMPLE_PDF,
          }),
          choice('document_type', {
            label: 'Document type',
            description: "'invoice' or 'insurance'.",
            message: FIELD_MESSAGES.selectType,
            options: ['invoice', 'insurance'],
          }),
        ],
        {
          document_type: str('As sent.', 'none'),
          invoice: obj(
            "For 'invoice'.",
            {
              invoice_number: str('Invoice number.', 'none'),
              invoice_date: str('YYYY-MM-DD.', 'none'),
              seller_gstin: str('Seller GSTIN.', 'identity-number', NULLABLE),
              buyer_gstin: str('Buyer GSTIN.', 'identity-number', NULLABLE),
              line_items: arr('Lines.', obj('A line.', { description: str('Item.', 'none'), quantity: num('Quantity.'), amount: num('Rupees.') })),
              total_amount: num('Rupees, tax included.'),
            },
            OPTIONAL,
          ),
          insurance: obj(
            "For 'insurance'.",
            {
              insurer: str('Insurer.', 'none'),
              policy_number: str('Policy number.', 'identity-number'),
              insured_name: str('Insured person.', 'name'),
              vehicle_registration_number: str('Insured vehicle, for motor policies.', 'identity-number', NULLABLE),
              period_from: str('YYYY-MM-DD.', 'none'),
              period_to: str('YYYY-MM-DD.', 'none'),
              premium: num('Rupees.'),
            },
            OPTIONAL,
          ),
        },
        [at('document_file', 0)],
      ),
    ],
  },
];
