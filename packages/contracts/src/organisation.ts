import { z } from 'zod';
import { organisationBilling } from './billing.js';
import { ONBOARDING_STATUSES } from './constants.js';
import {
  CATEGORY_REQUIRED,
  COUNTRY_REQUIRED,
  REGISTRATION_DOCUMENT_TYPES,
  KYC_MESSAGES,
  ORGANISATION_ACTIONS,
  ORGANISATION_READS,
  bankAccountRules,
  contactEmailRules,
  contactNameRules,
  designationRules,
  gstinRules,
  ifscRules,
  organisationNameRules,
  phoneNormaliser,
  phoneRules,
  signatoryRules,
  tradeNameRules,
  type ContactVariant,
} from './rules/organisation.js';
import { firstBrokenRule, matches, maxLength, notEmpty, trimmed } from './rules/rule.js';
import { ruleString } from './rules/rule-string.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const contact = z.strictObject({
  name: z.string({ error: 'Name cannot be Empty' }),
  email: ruleString(contactEmailRules),
  designation: z.string({ error: 'Designation cannot be empty' }),
  phone: z.string({ error: 'must be a string' }).default(''),
});
export type Contact = z.infer<typeof contact>;

/** A contact as it is kept: names and email trimmed, the phone as the country's rules read it. */
export const normaliseContact = (value: Contact, countryCode: string): Contact => ({
  name: trimmed(value.name),
  email: trimmed(value.email),
  designation: trimmed(value.designation),
  phone: phoneNormaliser(countryCode)(value.phone),
});

/** Name, designation and phone rules depend on the form (onboarding or edit) and the country. */
export function contactProblems(value: Contact, variant: ContactVariant, countryCode: string) {
  const problems: Array<{ field: keyof Contact; message: string }> = [];
  const check = (field: keyof Contact, message: string | null) => message && problems.push({ field, message });
  check('name', firstBrokenRule(contactNameRules(variant), value.name));
  check('email', firstBrokenRule(contactEmailRules, value.email));
  check('designation', firstBrokenRule(designationRules(variant), value.designation));
  check('phone', firstBrokenRule(phoneRules(countryCode), value.phone));
  return problems;
}

const addContactIssues = (ctx: z.RefinementCtx, path: string, value: Contact, variant: ContactVariant, countryCode: string) => {
  for (const problem of contactProblems(value, variant, countryCode)) ctx.addIssue({ code: 'custom', path: [path, problem.field], message: problem.message });
};

/** POST /organisation */
export const createOrganisationRequest = z
  .strictObject({
    name: ruleString(organisationNameRules),
    trade_name: ruleString(tradeNameRules),
    category: ruleString([notEmpty(CATEGORY_REQUIRED), maxLength(100, CATEGORY_REQUIRED)]),
    category_id: ruleString([notEmpty(CATEGORY_REQUIRED), matches(UUID, CATEGORY_REQUIRED)]),
    country_code: ruleString([notEmpty(COUNTRY_REQUIRED), matches(/^[A-Z]{3}$/, COUNTRY_REQUIRED)]),
    business_poc: contact,
    technical_poc: contact,
  })
  .superRefine((value, ctx) => {
    addContactIssues(ctx, 'business_poc', value.business_poc, 'onboarding', value.country_code);
    addContactIssues(ctx, 'technical_poc', value.technical_poc, 'onboarding', value.country_code);
  })
  .transform((value) => ({
    ...value,
    business_poc: normaliseContact(value.business_poc, value.country_code),
    technical_poc: normaliseContact(value.technical_poc, value.country_code),
  }));
export type CreateOrganisationRequest = z.infer<typeof createOrganisationRequest>;

/** PUT /organisation/{id}?action=org_techpoc_update | org_businesspoc_update (country checked by the server). */
export const techPocUpdateRequest = z.strictObject({ technical_poc: contact });
export const businessPocUpdateRequest = z.strictObject({ business_poc: contact });

export const productIdsRequest = z.strictObject({
  productIds: z.array(z.string().min(1).max(100), { error: 'must be a list of product ids' }).min(1, 'Select at least one product').max(100),
});
export type ProductIdsRequest = z.infer<typeof productIdsRequest>;

export const organisationIdParam = z.strictObject({ organisationId: z.uuid({ error: 'Organisation not found' }) });
/** The `x-org-id` header: which of the user's organisations a call acts for. */
export const organisationIdHeader = z.uuid({ error: 'x-org-id must be an organisation id' });

/** GET /organisation/{id}[?action=get_org_details] */
export const organisationGetQuery = z.strictObject({ action: z.enum(ORGANISATION_READS, { error: 'Unknown action' }).optional() });

/** PUT /organisation/{id}?action=… */
export const organisationActionQuery = z.strictObject({ action: z.enum(ORGANISATION_ACTIONS, { error: 'Unknown action' }) });

/** A contact as stored: the rules were applied when it was saved. */
const contactView = z.strictObject({ name: z.string(), email: z.string(), designation: z.string(), phone: z.string() });

export const organisation = z.strictObject({
  _id: z.string(),
  name: z.string(),
  trade_name: z.string(),
  category: z.string(),
  category_id: z.string(),
  country_code: z.string(),
  onboarding_status: z.enum(ONBOARDING_STATUSES),
  business_poc: contactView,
  technical_poc: contactView,
  kam: z.strictObject({ kam_name: z.string(), kam_email: z.string(), kam_phone: z.string() }).nullable(),
  business_manager: z.strictObject({ bm_name: z.string(), bm_email: z.string(), bm_phone: z.string() }).nullable(),
  kyc: z.strictObject({ gstin: z.string() }).nullable(),
  createdAt: z.number(),
});
export type Organisation = z.infer<typeof organisation>;

/** GET /organisation/{id} (and ?action=get_org_details): the organisation with its active plan and alert balance (seed 001 §7). */
export const organisationDetails = organisation.extend(organisationBilling.shape);
export type OrganisationDetails = z.infer<typeof organisationDetails>;

/** PUT /organisation/{id}?action=org_techpoc_update | org_businesspoc_update: the contact as saved. */
export const technicalPocUpdated = z.strictObject({ technical_poc: contactView });
export const businessPocUpdated = z.strictObject({ business_poc: contactView });
/** PUT /organisation/{id}?action=skip_onboarding: the organisation's test app. */
export const onboardingSkipped = z.strictObject({ _id: z.string() });

/** The KYC form's text fields; the two PDFs travel beside them in the same multipart request. */
export const kycFields = z.strictObject({
  bankAccountNumber: ruleString(bankAccountRules),
  gstinNumber: ruleString(gstinRules),
  ifsc: ruleString(ifscRules),
  authorName: ruleString(signatoryRules),
  designation: ruleString(signatoryRules),
  registrationDocumentType: z.enum(REGISTRATION_DOCUMENT_TYPES, { error: KYC_MESSAGES.optionMissing }),
});
export type KycFields = z.infer<typeof kycFields>;
export const KYC_FILE_FIELDS = ['gstinCertificate', 'registrationDocument'] as const;
/** An uploaded file's name as it is stored and shown back: printable characters, no folders, at most 200. */
export const kycFileName = z
  .string()
  .max(200, KYC_MESSAGES.fileName)
  .regex(/^[^\p{Cc}/\\]+$/u, KYC_MESSAGES.fileName);

/** POST /events?action=account_activation_request */
export const activationRequested = z.strictObject({ message: z.string(), onboarding_status: z.literal('ACTIVATION_REQUESTED') });
export type ActivationRequested = z.infer<typeof activationRequested>;
