import type { FastifyBaseLogger } from 'fastify';
import { ESTAMP_BRANCHES, estampArticles, type EstampArticle, type EstampBranch } from '@verigate/catalog';
import { TRIAL_MESSAGES, type ProviderEnvelope, type TrialHeaders, type TrialRequest } from '@verigate/contracts';
import type { TrialPipeline } from '../../gateway/index.js';
import { AppError } from '../../platform/errors.js';
import type { AppService } from '../apps/service.js';
import type { OrganisationService } from '../organisations/service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Dependencies {
  apps: Pick<AppService, 'testAppId'>;
  organisations: Pick<OrganisationService, 'requireMember'>;
  pipeline: TrialPipeline;
}

export interface TrialInput {
  /** The signed-in user (bearer token). */
  userId: string;
  headers: TrialHeaders;
  body: TrialRequest;
  ip: string;
  log: FastifyBaseLogger;
}

/** An id that is not the caller's own (or not there at all) is answered as the seed's missing ids, 404 as for any foreign id. */
const notTheirs = () => new AppError('not_found', TRIAL_MESSAGES.missingIds);

/**
 * The Trial Center (seed 001 §2, §7): a trial runs the provider API's pipeline in process on the
 * organisation's test app, so it meets the same checks, spends the same test credits and is
 * recorded like any call to the test environment. The signed-in member stands in for the app's
 * api-key: no key ever reaches the browser.
 */
export function createTrialService({ apps, organisations, pipeline }: Dependencies) {
  return {
    async run({ userId, headers, body, ip, log }: TrialInput): Promise<ProviderEnvelope> {
      const organisationId = headers['org-id'].toLowerCase();
      const appId = headers['app-id'].toLowerCase();
      if (headers['x-user-id'] !== undefined && headers['x-user-id'] !== userId) throw notTheirs();
      if (!UUID.test(organisationId) || !UUID.test(appId)) throw notTheirs();
      await organisations.requireMember(userId, organisationId).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 'not_found' ? notTheirs() : error;
      });
      if ((await apps.testAppId(organisationId)) !== appId) throw notTheirs();

      const { arn, region: _region, category: _category, service: _service, type: _type, ...providerBody } = body;
      const answer = await pipeline.trial({ appId, organisationId, arn, body: providerBody, ip, log });
      // A refusal without a response code (not subscribed by the app, no test credits left, …) is
      // the trial's error text; anything the product answered is shown as the JSON it is.
      if (answer.body.response_code === null) {
        const code = answer.status === 413 ? 'payload_too_large' : answer.status === 404 ? 'not_found' : answer.status === 429 ? 'rate_limited' : 'conflict';
        throw new AppError(code, answer.body.response_message);
      }
      return answer.body;
    },

    branches(): readonly EstampBranch[] {
      return ESTAMP_BRANCHES;
    },

    articles(code: string): readonly EstampArticle[] {
      const articles = estampArticles(code);
      if (!articles) throw new AppError('not_found', TRIAL_MESSAGES.unknownBranch);
      return articles;
    },
  };
}

export type TrialService = ReturnType<typeof createTrialService>;
