import { createHash } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import {
  ACTIVATION_MESSAGES,
  contactProblems,
  normaliseContact,
  type ActivationRequested,
  type Contact,
  type CreateOrganisationRequest,
  type KycFields,
  type MessageResponse,
  type OnboardingStatus,
  type Organisation,
} from '@verigate/contracts';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { lockUntilCommit } from '../../db/locks.js';
import { kycDocuments, kycSubmissions, memberships, organisations, type ManagerRecord } from '../../db/schema.js';
import type { Audit, AuditEntry } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import { AppError } from '../../platform/errors.js';
import type { MailQueue } from '../../platform/mail-queue.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import type { ReferenceService } from '../reference/service.js';
import { createAccess, ORGANISATION_NOT_FOUND } from './access.js';
import { activationReceivedEmail, activationRequestEmail } from './emails.js';
import { advance, type OnboardingEvent } from './onboarding-status.js';

export type { OnboardingEvent } from './onboarding-status.js';

type OrganisationRow = typeof organisations.$inferSelect;
type OrganisationChanges = Partial<Pick<OrganisationRow, 'technicalPoc' | 'businessPoc' | 'kam' | 'businessManager'>>;

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

/** A contact as stored: the shared normalising, and the email in lower case like every email the platform keeps. */
const storedContact = (contact: Contact, countryCode: string): Contact => {
  const normalised = normaliseContact(contact, countryCode);
  return { ...normalised, email: normalised.email.toLowerCase() };
};

interface Dependencies {
  db: Database;
  clock: Clock;
  audit: Audit;
  mailQueue: MailQueue;
  config: Pick<Config, 'OPERATIONS_EMAIL' | 'PUBLIC_URL'>;
  reference: Pick<ReferenceService, 'category' | 'country'>;
}

/**
 * Organisations, their members and their onboarding status. This module alone moves the status
 * (`advanceOnboarding`); other modules call it inside the transaction of the change that earns
 * the step.
 */
export function createOrganisationService({ db, clock, audit, mailQueue, config, reference }: Dependencies) {
  const access = createAccess(db);

  async function row(organisationId: string, executor: Executor = db): Promise<OrganisationRow> {
    const [found] = await executor.select().from(organisations).where(eq(organisations.id, organisationId));
    if (!found) throw new AppError('not_found', ORGANISATION_NOT_FOUND);
    return found;
  }

  async function latestKyc(organisationId: string, executor: Executor = db) {
    const [submission] = await executor
      .select()
      .from(kycSubmissions)
      .where(eq(kycSubmissions.organisationId, organisationId))
      .orderBy(desc(kycSubmissions.createdAt))
      .limit(1);
    return submission ?? null;
  }

  /** Changes the organisation's details and records who did it, in one transaction. */
  async function update(organisationId: string, changes: OrganisationChanges, entry: Omit<AuditEntry, 'organisationId'>) {
    await db.transaction(async (tx) => {
      await tx
        .update(organisations)
        .set({ ...changes, updatedAt: clock.now() })
        .where(eq(organisations.id, organisationId));
      await audit.record(tx, { ...entry, organisationId });
    });
  }

  const advanceOnboarding = (tx: Executor, organisationId: string, event: OnboardingEvent) => advance(tx, organisationId, event, clock.now());

  const service = {
    ...access,
    advanceOnboarding,

    /** The user who created the organisation (its owner), who gets its billing alerts; null if they left. */
    async ownerOf(organisationId: string): Promise<string | null> {
      const [owner] = await db
        .select({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.organisationId, organisationId), eq(memberships.role, 'owner')))
        .orderBy(asc(memberships.createdAt))
        .limit(1);
      return owner?.userId ?? null;
    },

    async onboardingStatus(organisationId: string): Promise<OnboardingStatus> {
      return (await row(organisationId)).onboardingStatus as OnboardingStatus;
    },

    /** With `executor`, read in the caller's transaction (which may hold the only connection it can get). */
    async get(organisationId: string, executor: Executor = db): Promise<Organisation> {
      const found = await row(organisationId, executor);
      return view(found, (await latestKyc(organisationId, executor))?.fields.gstinNumber ?? null);
    },

    async create(userId: string, input: CreateOrganisationRequest, origin: RequestOrigin): Promise<Organisation> {
      const category = await reference.category(input.category_id);
      if (!category || category.subCategory !== input.category) throw new AppError('bad_request', 'Please select one category');
      const country = await reference.country(input.country_code);
      if (!country) throw new AppError('bad_request', 'Please select A country code');
      const created = await db.transaction(async (tx) => {
        // One organisation per user, even for requests sent at once: the second waits here, then sees the first's membership.
        await lockUntilCommit(tx, `organisation-of:${userId}`);
        const [member] = await tx.select().from(memberships).where(eq(memberships.userId, userId)).limit(1);
        if (member) throw new AppError('conflict', 'You already belong to an organisation');
        const [organisation] = await tx
          .insert(organisations)
          .values({
            name: input.name,
            tradeName: input.trade_name,
            category: category.subCategory,
            categoryId: category.id,
            countryCode: country.code,
            onboardingStatus: 'ORG_CREATED',
            businessPoc: storedContact(input.business_poc, country.code),
            technicalPoc: storedContact(input.technical_poc, country.code),
          })
          .returning();
        await tx.insert(memberships).values({ userId, organisationId: organisation!.id, role: 'owner' });
        await audit.record(tx, {
          actor: `user:${userId}`,
          organisationId: organisation!.id,
          action: 'organisation.created',
          details: { name: organisation!.name },
          origin,
        });
        return organisation!;
      });
      return view(created, null);
    },

    /** My Account's edit form: the edit limits (name 40, designation 25) and the country's phone rule. */
    async updateContact(organisationId: string, which: 'technical_poc' | 'business_poc', contact: Contact, actor: string, origin: RequestOrigin) {
      const found = await row(organisationId);
      const [problem] = contactProblems(contact, 'edit', found.countryCode);
      if (problem) throw new AppError('bad_request', problem.message, [{ path: `${which}.${problem.field}`, message: problem.message }]);
      const value = storedContact(contact, found.countryCode);
      await update(organisationId, which === 'technical_poc' ? { technicalPoc: value } : { businessPoc: value }, {
        actor,
        action: `organisation.${which}_updated`,
        details: { email: value.email },
        origin,
      });
      return { [which]: value } as Record<typeof which, Contact>;
    },

    async submitKyc(organisationId: string, userId: string, fields: KycFields, files: KycUpload[], origin: RequestOrigin): Promise<MessageResponse> {
      await db.transaction(async (tx) => {
        const [submission] = await tx.insert(kycSubmissions).values({ organisationId, submittedBy: userId, fields }).returning();
        await tx.insert(kycDocuments).values(
          files.map((file) => ({
            submissionId: submission!.id,
            kind: file.kind,
            fileName: file.fileName,
            sizeBytes: file.content.length,
            sha256: createHash('sha256').update(file.content).digest('hex'),
            content: file.content,
          })),
        );
        await audit.record(tx, {
          actor: `user:${userId}`,
          organisationId,
          action: 'kyc.submitted',
          details: { submissionId: submission!.id, files: files.map((file) => file.fileName) },
          origin,
        });
      });
      return { message: 'KYC details saved' };
    },

    /**
     * The activation request (seed 000 §8 account_activation_pending: sent by email): the status
     * moves on, and the provider's team gets the request with the KYC details while the requester
     * gets a copy, both mailed only if the change commits.
     */
    async requestActivation(organisationId: string, userId: string, requesterEmail: string | null, origin: RequestOrigin): Promise<ActivationRequested> {
      const found = await row(organisationId);
      if (found.onboardingStatus === 'ACTIVATION_REQUESTED') throw new AppError('conflict', ACTIVATION_MESSAGES.requested);
      const kyc = await latestKyc(organisationId);
      if (!kyc) throw new AppError('conflict', 'Submit the KYC details before requesting activation');
      await db.transaction(async (tx) => {
        if (!(await advanceOnboarding(tx, organisationId, 'activationRequested'))) {
          throw new AppError('conflict', 'Generate a test key before requesting activation');
        }
        await audit.record(tx, { actor: `user:${userId}`, organisationId, action: 'activation.requested', origin });
        await mailQueue.enqueue(tx, activationRequestEmail(config.OPERATIONS_EMAIL, config.PUBLIC_URL, { id: organisationId, name: found.name }, kyc.fields));
        if (requesterEmail) await mailQueue.enqueue(tx, activationReceivedEmail(requesterEmail, config.PUBLIC_URL, found.name));
      });
      return { message: ACTIVATION_MESSAGES.submitted, onboarding_status: 'ACTIVATION_REQUESTED' };
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

    async activate(organisationId: string, operator: string, origin: RequestOrigin): Promise<Organisation> {
      await row(organisationId);
      await db.transaction(async (tx) => {
        if (!(await advanceOnboarding(tx, organisationId, 'accountActivated'))) {
          throw new AppError('conflict', 'Only an organisation that requested activation can be activated');
        }
        await audit.record(tx, { actor: operator, organisationId, action: 'account.activated', origin });
      });
      return service.get(organisationId);
    },

    async assignManager(
      organisationId: string,
      role: 'kam' | 'business_manager',
      manager: ManagerRecord,
      operator: string,
      origin: RequestOrigin,
    ): Promise<Organisation> {
      await row(organisationId);
      await update(organisationId, role === 'kam' ? { kam: manager } : { businessManager: manager }, {
        actor: operator,
        action: `organisation.${role}_assigned`,
        details: { ...manager },
        origin,
      });
      return service.get(organisationId);
    },

    /** Every organisation, newest first, once per member (or once with no member). */
    async withMembers() {
      return db
        .select({ id: organisations.id, name: organisations.name, status: organisations.onboardingStatus, userId: memberships.userId })
        .from(organisations)
        .leftJoin(memberships, eq(memberships.organisationId, organisations.id))
        .orderBy(desc(organisations.createdAt));
    },
  };
  return service;
}

export type OrganisationService = ReturnType<typeof createOrganisationService>;
