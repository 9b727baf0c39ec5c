import type { OrganisationDetails, UserProfile } from '@verigate/contracts';
import { SUMMARY_PATH } from '@/features/dashboard/api/get-summary';
import { batchTypesPath, batchTypesWantedFor } from '@/lib/api/batch/get-batch-types';
import { startEarlyGet } from '@/lib/api/client';
import { currentOrganisationId, organisationPath } from '@/lib/api/organisations/get-organisation';
import { storedUserId, userPath } from '@/lib/api/users/get-user';
import { CLIENT_CONFIG_PATH } from '@/lib/client-config';
import { hasSession } from '@/lib/storage';

/*
 * The dashboard page's own script, written into dashboard.html at build time (web/chunks.ts) and
 * run before anything else on the page: it asks for the settings and for the dashboard's first data
 * (web/src/app/first-data.ts) while the app's code downloads, instead of once it has run: the
 * organisation, the summary and the member's profile, which the stored session names, and the batch
 * types once the first two answers say the shell will ask for them. The app's first call for each
 * takes the answer (client.ts).
 */
void startEarlyGet(CLIENT_CONFIG_PATH, { anonymous: true });
const organisationId = currentOrganisationId();
const userId = storedUserId();
if (hasSession() && organisationId) {
  const profile = userId ? startEarlyGet<UserProfile>(userPath(userId)) : Promise.resolve(undefined);
  const organisation = startEarlyGet<OrganisationDetails>(organisationPath(organisationId));
  void startEarlyGet(SUMMARY_PATH);
  const shellWantsBatchTypes = Promise.all([organisation, profile]).then(
    ([details, user]) => details !== undefined && batchTypesWantedFor(organisationId, details.onboarding_status, user),
  );
  void startEarlyGet(batchTypesPath(organisationId), { when: shellWantsBatchTypes });
}
