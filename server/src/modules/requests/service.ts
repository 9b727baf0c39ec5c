import { and, asc, desc, eq } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  formatRupees,
  paiseToRupees,
  type CustomerRequest,
  type RequestRegistered,
  type RequestStatus,
  type RequestType,
} from '@verigate/contracts';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../../db/client.js';
import { customerRequests } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import type { Clock } from '../../platform/clock.js';
import type { MailQueue } from '../../platform/mail-queue.js';
import type { RequestOrigin } from '../../platform/request-origin.js';
import type { OrganisationService } from '../organisations/service.js';
import type { UserService } from '../users/service.js';
import { teamRequestEmail } from './emails.js';

type RequestRow = typeof customerRequests.$inferSelect;

const view = (row: RequestRow): CustomerRequest => ({
  _id: row.id,
  request_type: row.requestType as RequestType,
  status: row.status as RequestStatus,
  amount: row.amountPaise === null ? null : paiseToRupees(row.amountPaise),
  createdAt: row.createdAt.getTime(),
});

const WHAT: Record<RequestType, string> = { CUSTOM_PLAN_REQUEST: 'a custom plan', ADD_BALANCE_REQUEST: 'more wallet balance' };

interface Dependencies {
  db: Database;
  clock: Clock;
  audit: Audit;
  mailQueue: MailQueue;
  config: Pick<Config, 'OPERATIONS_EMAIL' | 'PUBLIC_URL'>;
  organisations: Pick<OrganisationService, 'get'>;
  users: Pick<UserService, 'emailsOf'>;
}

/**
 * Requests to the provider's team (seed 001 §3 Request): a custom plan (Contact Sales) or more
 * balance. Each is stored and emailed to the team in one transaction; an open request of the
 * same type is answered again rather than duplicated (one open per type, a partial unique index).
 */
export function createRequestService({ db, clock, audit, mailQueue, config, organisations, users }: Dependencies) {
  const service = {
    async list(organisationId: string): Promise<CustomerRequest[]> {
      const rows = await db
        .select()
        .from(customerRequests)
        .where(eq(customerRequests.organisationId, organisationId))
        .orderBy(desc(customerRequests.createdAt));
      return rows.map(view);
    },

    async create(
      organisationId: string,
      userId: string,
      requestType: RequestType,
      amountPaise: number | null,
      origin: RequestOrigin,
    ): Promise<RequestRegistered> {
      const organisation = await organisations.get(organisationId);
      const requester = (await users.emailsOf([userId])).get(userId) ?? 'unknown';
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(customerRequests)
          .values({ organisationId, requestType, status: 'INITIATED', amountPaise, requestedBy: userId, createdAt: clock.now() })
          .onConflictDoNothing()
          .returning();
        if (!created) {
          const [open] = await tx
            .select()
            .from(customerRequests)
            .where(
              and(eq(customerRequests.organisationId, organisationId), eq(customerRequests.requestType, requestType), eq(customerRequests.status, 'INITIATED')),
            );
          return open!;
        }
        const details = amountPaise === null ? [] : [`Amount: ${formatRupees(paiseToRupees(amountPaise))}`];
        await mailQueue.enqueue(
          tx,
          teamRequestEmail(config.OPERATIONS_EMAIL, config.PUBLIC_URL, {
            subject: `${organisation.name} asks for ${WHAT[requestType]}`,
            lines: [`Organisation: ${organisation.name} (${organisationId})`, `Requested by: ${requester}`, `Request: ${requestType}`, ...details],
          }),
        );
        await audit.record(tx, { actor: `user:${userId}`, organisationId, action: 'request.created', details: { requestType, amountPaise }, origin });
        return created;
      });
      return { message: BILLING_MESSAGES.requestRegistered, request: view(row) };
    },

    /** Every open request, oldest first, for the back office. */
    async open() {
      const rows = await db.select().from(customerRequests).where(eq(customerRequests.status, 'INITIATED')).orderBy(asc(customerRequests.createdAt));
      return rows.map((row) => ({
        id: row.id,
        organisationId: row.organisationId,
        requestType: row.requestType,
        amount: row.amountPaise === null ? null : paiseToRupees(row.amountPaise),
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** An operator created the organisation's custom plan: its open custom-plan request is done. */
    async completeCustomPlanRequest(tx: Executor, organisationId: string): Promise<void> {
      await tx
        .update(customerRequests)
        .set({ status: 'COMPLETED', completedAt: clock.now() })
        .where(
          and(
            eq(customerRequests.organisationId, organisationId),
            eq(customerRequests.requestType, 'CUSTOM_PLAN_REQUEST'),
            eq(customerRequests.status, 'INITIATED'),
          ),
        );
    },
  };
  return service;
}

export type RequestService = ReturnType<typeof createRequestService>;
