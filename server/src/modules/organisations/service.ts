import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  ACTIVATION_MESSAGES,
  contactProblems,
  type Contact,
  type CreateOrganisationRequest,
  type KycFields,
  type OnboardingStatus,
  type Organisation,
} from '@verigate/contracts';
import type { Database } from '../../db/client.js';
import { businessCategories, countries, kycDocuments, kycSubmissions, memberships, organisations, type ManagerRecord } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { ORGANISATION_NOT_FOUND } from './access.js';
import { advanceOnboarding } from './onboarding-status.js';

type OrganisationRow = typeof organisations.$inferSelect;

export interface KycUpload {
  kind: 'gstinCertificate' | 'registrationDocument';
  fileName: string;
  content: Buffer;
}

function view(row: OrganisationRow, gstin: string | null): Organisation {
  return {
    _id: row.id,
    name: row.name,
    trade_name: row.tradeName,
    category: row.category,
    category_id: row.categoryId,
    country_code: row.countryCode,
    onboarding_status: row.onboardingStatus as OnboardingStatus,
    business_poc: row.businessPoc,
    technical_poc: row.technicalPoc,
    kam: row.kam ? { kam_name: row.kam.name, kam_email: row.kam.email, kam_phone: row.kam.phone } : null,
    business_manager: row.businessManager
      ? { bm_name: row.businessManager.name, bm_email: row.businessManager.email, bm_phone: row.businessManager.phone }
      : null,
    kyc: gstin ? { gstin } : null,
    createdAt: row.createdAt.getTime(),
  };
}

const trimContact = (contact: Contact): Contact => ({
  name: contact.name.trim(),
  email: contact.email.trim().toLowerCase(),
  designation: contact.designation.trim(),
  phone: contact.phone.trim(),
});

export function createOrganisationService({ db, audit }: { db: Database; audit: Audit }) {
  async function row(organisationId: string): Promise<OrganisationRow> {
    const [found] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
    if (!found) throw new AppError('not_found', ORGANISATION_NOT_FOUND);
    return found;
  }

  async function latestKyc(organisationId: string) {
    const [submission] = await db
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.organisationId, organisationId))
      .orderBy(desc(kycSubmissions.createdAt))
      .limit(1);
    return submission ?? null;
  }

  const service = {
    async get(organisationId: string): Promise<Organisation> {
      const found = await row(organisationId);
      return view(found, (await latestKyc(organisationId))?.fields.gstinNumber ?? null);
    },

    async create(userId: string, input: CreateOrganisationRequest, clientIp: string): Promise<Organisation> {
      const [member] = await db.select().from(memberships).where(eq(memberships.userId, userId)).limit(1);
      if (member) throw new AppError('conflict', 'You already belong to an organisation');
      const [category] = await db.select().from(businessCategories).where(eq(businessCategories.id, input.category_id));
      if (!category || category.subCategory !== input.category) throw new AppError('bad_request', 'Please select one category');
      const [country] = await db.select().from(countries).where(eq(countries.code, input.country_code));
      if (!country) throw new AppError('bad_request', 'Please select A country code');
      const created = await db.transaction(async (tx) => {
        const [organisation] = await tx
          .insert(organisations)
          .values({
            name: input.name.trim(),
            tradeName: input.trade_name.trim(),
            category: category.subCategory,
            categoryId: category.id,
            countryCode: country.code,
            onboardingStatus: 'ORG_CREATED',
            businessPoc: trimContact(input.business_poc),
            technicalPoc: trimContact(input.technical_poc),
          })
          .returning();
        await tx.insert(memberships).values({ userId, organisationId: organisation!.id, role: 'owner' });
        return organisation!;
      });
      await audit.record({ actor: `user:${userId}`, organisationId: created.id, action: 'organisation.created', details: { name: created.name }, clientIp });
      return view(created, null);
    },

    /** My Account's edit form: the edit limits (name 40, designation 25) and the country's phone rule. */
    async updateContact(organisationId: string, which: 'technical_poc' | 'business_poc', contact: Contact, actor: string) {
      const found = await row(organisationId);
      const [problem] = contactProblems(contact, 'edit', found.countryCode);
      if (problem) throw new AppError('bad_request', problem.message, [{ path: `${which}.${problem.field}`, message: problem.message }]);
      const value = trimContact(contact);
      await db
        .update(organisations)
        .set(which === 'technical_poc' ? { technicalPoc: value, updatedAt: new Date() } : { businessPoc: value, updatedAt: new Date() })
        .where(eq(organisations.id, organisationId));
      await audit.record({ actor, organisationId, action: `organisation.${which}_updated`, details: { email: value.email } });
      return { [which]: value } as Record<typeof which, Contact>;
    },

    async submitKyc(organisationId: string, userId: string, fields: KycFields, files: KycUpload[]) {
      const submission = await db.transaction(async (tx) => {
        const [created] = await tx.insert(kycSubmissions).values({ organisationId, submittedBy: userId, fields }).returning();
        await tx.insert(kycDocuments).values(
          files.map((file) => ({
            submissionId: created!.id,
            kind: file.kind,
            fileName: file.fileName,
            sizeBytes: file.content.length,
            sha256: createHash('sha256').update(file.content).digest('hex'),
            content: file.content,
          })),
        );
        return created!;
      });
      await audit.record({
        actor: `user:${userId}`,
        organisationId,
        action: 'kyc.submitted',
        details: { submissionId: submission.id, files: files.map((file) => file.fileName) },
      });
      return { message: 'KYC details saved' };
    },

    async skipOnboarding(organisationId: string) {
      await advanceOnboarding(db, organisationId, 'onboardingSkipped');
    },

    async requestActivation(organisationId: string, userId: string) {
      const found = await row(organisationId);
      if (found.onboardingStatus === 'ACTIVATION_REQUESTED') throw new AppError('conflict', ACTIVATION_MESSAGES.requested);
      if (!(await latestKyc(organisationId))) throw new AppError('conflict', 'Submit the KYC details before requesting activation');
      if (!(await advanceOnboarding(db, organisationId, 'activationRequested'))) {
        throw new AppError('conflict', 'Generate a test key before requesting activation');
      }
      await audit.record({ actor: `user:${userId}`, organisationId, action: 'activation.requested' });
      return { message: ACTIVATION_MESSAGES.submitted, onboarding_status: 'ACTIVATION_REQUESTED' as const };
    },

    async activationRequests() {
      const rows = await db.select().from(organisations).where(eq(organisations.onboardingStatus, 'ACTIVATION_REQUESTED'));
      return Promise.all(
        rows.map(async (organisation) => {
          const kyc = await latestKyc(organisation.id);
          const documents = kyc
            ? await db
                .select({
                  id: kycDocuments.id,
                  kind: kycDocuments.kind,
                  fileName: kycDocuments.fileName,
                  sizeBytes: kycDocuments.sizeBytes,
                  sha256: kycDocuments.sha256,
                })
                .from(kycDocuments)
                .where(eq(kycDocuments.submissionId, kyc.id))
            : [];
          return {
            organisationId: organisation.id,
            name: organisation.name,
            fields: kyc?.fields ?? {},
            documents,
            requestedAt: organisation.updatedAt.toISOString(),
          };
        }),
      );
    },

    async kycDocument(documentId: string) {
      const [document] = await db.select().from(kycDocuments).where(eq(kycDocuments.id, documentId));
      if (!document) throw new AppError('not_found', 'Document not found');
      return document;
    },

    async activate(organisationId: string, operator: string) {
      await row(organisationId);
      if (!(await advanceOnboarding(db, organisationId, 'accountActivated')))
        throw new AppError('conflict', 'Only an organisation that requested activation can be activated');
      await audit.record({ actor: operator, organisationId, action: 'account.activated' });
      return service.get(organisationId);
    },

    async assignManager(organisationId: string, role: 'kam' | 'business_manager', manager: ManagerRecord, operator: string) {
      await row(organisationId);
      await db
        .update(organisations)
        .set(role === 'kam' ? { kam: manager, updatedAt: new Date() } : { businessManager: manager, updatedAt: new Date() })
        .where(and(eq(organisations.id, organisationId)));
      await audit.record({ actor: operator, organisationId, action: `organisation.${role}_assigned`, details: { ...manager } });
      return service.get(organisationId);
    },
  };
  return service;
}

export type OrganisationService = ReturnType<typeof createOrganisationService>;
