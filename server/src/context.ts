import type { FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import type { Access } from './modules/organisations/access.js';
import type { AppService } from './modules/apps/service.js';
import type { OrganisationService } from './modules/organisations/service.js';
import type { ProductService } from './modules/products/service.js';
import type { StepUpService } from './modules/step-up/service.js';
import type { Audit } from './platform/audit.js';
import type { Database } from './db/client.js';
import type { Captcha } from './platform/captcha.js';
import type { Clock } from './platform/clock.js';
import type { CredentialEnvelope } from './platform/credential-envelope.js';
import type { Mailer } from './platform/mail.js';
import type { RateLimiter } from './platform/rate-limit.js';
import type { SessionUser, Sessions } from './platform/sessions.js';

/** The platform services every module receives; modules build their own services from it. */
export interface AppContext {
  config: Config;
  db: Database;
  clock: Clock;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  sessions: Sessions;
  captcha: Captcha;
  envelope: CredentialEnvelope;
  audit: Audit;
  access: Access;
  services: {
    organisations: OrganisationService;
    products: ProductService;
    apps: AppService;
    stepUp: StepUpService;
  };
  /** The signed-in user of a request, or a 401/403 in the `{err}` envelope. */
  requireUser: (request: FastifyRequest) => Promise<SessionUser>;
  /** The signed-in user and the organisation the call acts for (`x-org-id`, else their own). */
  requireOrganisation: (request: FastifyRequest) => Promise<SessionUser & { organisationId: string }>;
}
