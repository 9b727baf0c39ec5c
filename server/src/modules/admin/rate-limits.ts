import { eq } from 'drizzle-orm';
import type { RateLimitSetting } from '@verigate/contracts';
import type { Database } from '../../db/client.js';
import { organisationRateLimits, organisations } from '../../db/schema.js';
import type { Audit } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import type { RequestOrigin } from '../../platform/request-origin.js';

/**
 * An operator's limit of provider-API calls per second for each app of an organisation, instead
 * of its plan's (null: the plan's again). The gateway reads it with the app's next lease, so it
 * holds from the next one-second window on every instance (docs/decisions/0019-rate-limits.md).
 */
export async function setRateLimit(db: Database, audit: Audit, organisationId: string, setting: RateLimitSetting, operator: string, origin: RequestOrigin) {
  return db.transaction(async (tx) => {
    const [organisation] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
    if (!organisation) throw new AppError('not_found', 'Organisation not found');
    const perSecond = setting.calls_per_second;
    if (perSecond === null) await tx.delete(organisationRateLimits).where(eq(organisationRateLimits.organisationId, organisationId));
    else
      await tx
        .insert(organisationRateLimits)
        .values({ organisationId, callsPerSecond: perSecond })
        .onConflictDoUpdate({ target: organisationRateLimits.organisationId, set: { callsPerSecond: perSecond, updatedAt: new Date() } });
    await audit.record(tx, { actor: operator, organisationId, action: 'organisation.rate_limit_set', details: { callsPerSecond: perSecond }, origin });
    return { organisation_id: organisationId, calls_per_second: perSecond };
  });
}
