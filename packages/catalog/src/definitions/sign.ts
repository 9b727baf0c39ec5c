import { SAMPLE_PDF } from '../documents/pdf.js';
import { ESTAMP_ARTICLES, ESTAMP_BRANCHES, ESTAMP_NOTICE } from '../estamp.js';
import type { Field } from '../model.js';
import { CATEGORIES } from '../product.js';
import { choice, file, flag, group, length, list, number, pattern, text } from '../requests/fields.js';
import { arr, NULLABLE, num, obj, str } from '../requests/results.js';
import { at, type ProductEntry } from './define.js';
import { hostedFetch, hostedInit } from './steps.js';

const category = CATEGORIES.sign;

/** Free text the caller writes may name the people in the agreement: it is masked as a name. */
const FREE_TEXT = 'name';

/** What the trial form sends for the eSign fields it does not show (seed 001 §5: fixed info text and webhook). */
const TRIAL_DOCUMENT_INFO = 'Verigate trial center demo document';
const TRIAL_WEBHOOK = 'https://verigate.example/webhooks/esign-trial';

/** eSign: a signer's name of letters and spaces (at least 2), email, city of letters (seed 001 §5). */
const coordinate = (name: string, label: string) =>
  number(name, {
    label,
    description: `${label}, in points from the page's bottom-left corner (default 0).`,
    message: `${label} must be digits only`,
    min: 0,
    required: false,
    default: 0,
    example: 0,
  });

const signer = group('signer', {
  label: 'Signer',
  description: 'One signer.',
  message: 'Each signer must be an object',
  fields: [
    text('signer_name', {
      label: 'Signer name',
      description: 'Letters and spaces, at least 2.',
      personal: 'name',
      message: 'Signer Name is not valid',
      example: 'Rahul Sharma',
      rules: [pattern(/^[A-Za-z][A-Za-z ]+$/, 'Signer Name is not valid')],
    }),
    text('signer_email', {
      label: 'Signer email',
      description: 'Where the signing link is sent.',
      personal: 'email',
      message: 'Signer email is not valid',
      example: 'rahul.sharma@example.com',
      rules: [
        length(undefined, 64, 'Signer email is not valid'),
        pattern(/^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, 'Signer email is not valid'),
      ],
    }),
    text('signer_city', {
      label: 'City',
      description: 'Letters only.',
      personal: 'address',
      message: 'City required',
      example: 'Bengaluru',
      rules: [pattern(/^[A-Za-z][A-Za-z ]*$/, 'City required')],
    }),
    text('signer_purpose', {
      label: 'Purpose',
      description: "Why the signer signs; the trial form sends 'Demo'.",
      personal: FREE_TEXT,
      message: 'Purpose required',
      example: 'Demo',
      form: { fixed: { value: 'Demo' } },
    }),
    list('sign_coordinates', {
      label: 'Signature positions',
      description: 'Where the signature is placed.',
      message: 'sign_coordinates must be a list of positions',
      items: group('position', {
        label: 'Position',
        description: 'A page and a point.',
        message: 'Each position must be an object',
        fields: [
          number('page_num', { label: 'Page', description: 'Page number, from 1.', message: 'Page must be digits only', min: 1, example: 1 }),
          coordinate('x_coord', 'X coordinate'),
          coordinate('y_coord', 'Y coordinate'),
        ],
      }),
    }),
  ],
});

const ESTAMP_FIELDS: readonly Field[] = [
  choice('stateCode', {
    label: 'Branch',
    description: 'The branch_code of a branch from GET /estamp/getBranches.',
    message: 'Please select branch name first',
    options: ESTAMP_BRANCHES.map((branch) => ({ value: branch.branch_code, label: branch.name })),
    upper: true,
    example: 'KA',
    form: { control: 'select', optionsFrom: 'estamp-branches' },
  }),
  choice('articleId', {
    label: 'Article',
    description: 'The id of an article of the branch, from GET /estamp/articles/{branch_code}.',
    message: 'Please enter a valid article number',
    options: [],
    optionsBy: {
      field: 'stateCode',
      options: Object.fromEntries(
        Object.entries(ESTAMP_ARTICLES).map(([code, items]) => [code, items.map((item) => ({ value: item.id, label: item.description }))]),
      ),
    },
    example: '101',
    form: { control: 'select', optionsFrom: 'estamp-articles', dependsOn: { field: 'stateCode', message: 'Please select branch name first' } },
  }),
  ...(
    [
      ['firstPartyName', 'First Party Name', 'Asha Rao'],
      ['secondPartyName', 'Second Party Name', 'Sunrise Traders'],
    ] as const
  ).map(([name, label, example]) =>
    text(name, {
      label,
      description: `${label}, at most 50 characters.`,
      personal: 'name',
      message: `${label} is invalid`,
      example,
      rules: [length(undefined, 50, `${label} must not exceed 50 characters`), pattern(/^[A-Za-z][A-Za-z .&'-]*$/, `${label} is invalid`)],
    }),
  ),
  choice('stampDutyPaidBy', {
    label: 'Stamp duty paid by',
    description: "'FIRST_PARTY' or 'SECOND_PARTY'.",
    message: 'please select estamp duty paid by',
    options: [
      { value: 'FIRST_PARTY', label: 'First party' },
      { value: 'SECOND_PARTY', label: 'Second party' },
    ],
    form: { control: 'radio' },
  }),
  number('stampDutyAmount', {
    label: 'Stamp duty value',
    description: 'Rupees, a positive whole number.',
    message: 'Stamp Duty Value field is invalid',
    min: 1,
    max: 10_000_000,
    example: 500,
  }),
  text('purpose', {
    label: 'Purpose of Stamp Duty',
    description: 'At most 50 characters.',
    personal: FREE_TEXT,
    message: 'Purpose of Stamp Duty is invalid',
    example: 'Rental agreement',
    rules: [
      length(undefined, 50, 'Purpose of Stamp Duty must not exceed 50 characters'),
      pattern(/^[A-Za-z0-9][A-Za-z0-9 .,&'-]*$/, 'Purpose of Stamp Duty is invalid'),
    ],
  }),
  number('considerationPrice', {
    label: 'Consideration price',
    description: 'Rupees.',
    message: 'Consideration Price field is invalid',
    min: 0,
    max: 10_000_000_000,
    example: 240000,
  }),
  choice('stampType', {
    label: 'Stamp type',
    description: "Always 'ESTAMP'.",
    message: "stampType must be 'ESTAMP'",
    options: ['ESTAMP'],
    default: 'ESTAMP',
    required: false,
    form: { control: 'select', fixed: { value: 'ESTAMP' } },
  }),
  flag('PaymentRequired', {
    label: 'Payment required',
    description: 'Whether the duty is collected through the platform (always false in the sandbox).',
    default: false,
    form: { fixed: { value: false } },
  }),
];

export const sign: readonly ProductEntry[] = [
  {
    arn: 'in_contract_esign_aadhaar',
    name: 'Aadhaar eSign',
    category,
    short_description: 'Collects electronic signatures on PDF documents through Aadhaar OTP authentication.',
    additional_info:
      'Upload a PDF with its signers and signature positions; each signer receives a link, authenticates with an Aadhaar OTP and signs through a licensed eSign service provider, and the signed PDF is reported to your webhook. Aadhaar eSign is recognised under the Information Technology Act, 2000, and is used for loan agreements, account-opening forms and contracts.',
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    flow: { kind: 'hosted', expiresInMinutes: 10080, page: { title: 'Sign the document', passLabel: 'Sign with Aadhaar OTP', failLabel: 'Decline' } },
    form: { sendsUserId: false },
    operations: [
      {
        ...hostedInit(
          'Send a PDF for signature.',
          [
            group('document', {
              label: 'Document',
              description: 'The PDF and a line about it.',
              message: 'Only PDF files are allowed',
              fields: [
                file('data', {
                  label: 'PDF',
                  description: 'The PDF as base64 without prefix.',
                  accept: ['pdf'],
                  typeMessage: 'Only PDF files are allowed',
                  example: SAMPLE_PDF,
                }),
                text('info', {
                  label: 'About the document',
                  description: 'Shown to the signers.',
                  personal: FREE_TEXT,
                  message: 'Please describe the document',
                  example: 'Demo agreement',
                  rules: [length(undefined, 200, 'Please describe the document')],
                  form: { fixed: { value: TRIAL_DOCUMENT_INFO } },
                }),
              ],
            }),
            list('signers', {
              label: 'Signers',
              description: 'One to five signers, each with their positions.',
              message: 'Add at least one signer',
              items: signer,
              maxItems: 5,
            }),
            number('txn_expiry_min', {
              label: 'Expiry (minutes)',
              description: 'How long the signing links work (default 10080, a week).',
              message: 'txn_expiry_min must be from 10 to 10080',
              min: 10,
              max: 10080,
              required: false,
              default: 10080,
              example: 10080,
              form: { fixed: { value: 10080 } },
            }),
            text('response_url', {
              label: 'Webhook',
              description: 'Where the result is posted when every signer has finished.',
              personal: 'none',
              message: 'response_url must be an http(s) URL',
              example: 'https://example.com/webhooks/esign',
              required: false,
              rules: [pattern(/^https?:\/\/\S+$/, 'response_url must be an http(s) URL')],
              form: { fixed: { value: TRIAL_WEBHOOK } },
            }),
          ],
          [at('document.data', 0)],
          {
            requests: arr(
              'One signing request per signer, in the order sent.',
              obj('A signing request.', {
                request_id: str('Fetch it to follow this signer.', 'none'),
                signer_name: str('The signer.', 'name'),
                signer_email: str('Where the link was sent.', 'email'),
                signing_url: str('The signing page (the viewer).', 'none'),
                status: str("'PENDING'.", 'none'),
              }),
            ),
            expires_at: str('When the links stop working (ISO 8601).', 'none'),
          },
        ),
        requestIdAt: 'result.requests.0.request_id',
        openUrlAt: 'result.requests.0.signing_url',
      },
      hostedFetch("Fetch a signer's status and, once signed, the signed PDF.", {
        signer_name: str('The signer.', 'name', NULLABLE),
        signed_at: str('ISO 8601; null until signed.', 'none', NULLABLE),
        signed_document: str('The signed PDF, base64; null until signed.', 'file', NULLABLE),
      }),
    ],
  },
  {
    arn: 'in_contract_estamp_lite',
    name: 'E-stamp',
    category,
    short_description: 'Procures e-stamp paper for an agreement, paying the stamp duty online.',
    additional_info:
      "Give the state and branch, the parties, who pays the stamp duty, the article of the state's stamp schedule, the consideration and the duty amount; the e-stamp certificate is generated and returned. Often combined with Aadhaar eSign to execute loan and rental agreements digitally.",
    default_free_transactions: 10,
    auto_approval: false,
    show_while_onboarding: false,
    form: { notice: ESTAMP_NOTICE },
    operations: [
      {
        summary: 'Generate an e-stamp certificate',
        fields: ESTAMP_FIELDS,
        result: {
          estamp_id: str('Certificate id.', 'none'),
          certificate_number: str('Certificate number, IN-XX…', 'none'),
          state: str('The branch.', 'none'),
          article: str('The article.', 'none'),
          stamp_duty_amount: num('Rupees.'),
          first_party: str('First party.', 'name'),
          second_party: str('Second party.', 'name'),
          stamp_duty_paid_by: str('Who paid.', 'none'),
          purpose: str('Purpose.', FREE_TEXT),
          consideration_price: num('Rupees.'),
          issued_at: str('ISO 8601.', 'none'),
          notice: str('The sandbox notice: a dummy stamp is not legally valid.', 'none', NULLABLE),
          document: str('The e-stamp certificate, a PDF as base64.', 'file'),
        },
        selectors: [at('stampDutyAmount', -4)],
      },
    ],
  },
];
