import type { FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import type { AdminService } from './modules/admin/service.js';
import type { AppService } from './modules/apps/service.js';
import type { BatchService } from './modules/batch/service.js';
import type { BillingService } from './modules/billing/service.js';
import type { DocsService } from './modules/docs/service.js';
import type { AuditLogService } from './modules/audit-log/service.js';
import type { TwoFactor } from './modules/security/service.js';
import type { MemberService } from './modules/members/service.js';
import type { LogsService } from './modules/logs/service.js';
import type { OrganisationService } from './modules/organisations/service.js';
import type { InvoiceService } from './modules/invoices/service.js';
import type { SpendService } from './modules/spend/service.js';
import type { PaymentService } from './modules/payments/service.js';
import type { PlanService } from './modules/plans/service.js';
import type { ProductService } from './modules/products/service.js';
import type { ReferenceService } from './modules/reference/service.js';
import type { RequestService } from './modules/requests/service.js';
import type { StepUpService } from './modules/step-up/service.js';
import type { TrialService } from './modules/trial/service.js';
import type { UsageService } from './modules/usage/service.js';
import type { UserService } from './modules/users/service.js';
import type { WebhookService } from './modules/webhooks/service.js';
import type { Audit } from './platform/audit.js';
import type { Captcha } from './platform/captcha.js';
import type { CredentialEnvelope } from './platform/credential-envelope.js';
import type { Member } from './platform/route-access.js';
import type { SessionUser, Sessions } from './platform/sessions.js';

/**
 * What the customer API's routes receive (built once by app.ts): the platform pieces a route
 * touches, every module's service, and the access checks a route starts with. No database: a
 * route reaches data only through a service.
 */
export interface AppContext {
  config: Config;
  sessions: Sessions;
  captcha: Captcha;
  envelope: CredentialEnvelope;
  audit: Audit;
  services: {
    reference: ReferenceService;
    users: UserService;
    organisations: OrganisationService;
    products: ProductService;
    apps: AppService;
    stepUp: StepUpService;
    admin: AdminService;
    billing: BillingService;
    plans: PlanService;
    requests: RequestService;
    payments: PaymentService;
    invoices: InvoiceService;
    spend: SpendService;
    docs: DocsService;
    trial: TrialService;
    usage: UsageService;
    batch: BatchService;
    logs: LogsService;
    webhooks: WebhookService;
    members: MemberService;
    twoFactor: TwoFactor;
    auditLog: AuditLogService;
  };
  /** The signed-in user of a request, or a 401/403 in the `{err}` envelope. */
  requireUser: (request: FastifyRequest) => Promise<SessionUser>;
  /** The signed-in user, who must belong to the organisation (else 404, as for an unknown one). */
  requireMember: (request: FastifyRequest, organisationId: string) => Promise<Member>;
  /** The signed-in user and the organisation the call acts for (`x-org-id`, else their own). */
  requireOrganisation: (request: FastifyRequest) => Promise<Member>;
}
