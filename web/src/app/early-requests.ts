import { SUMMARY_PATH } from '@/features/dashboard/api/get-summary';
import { startEarlyGet } from '@/lib/api/client';
import { currentOrganisationId, organisationPath } from '@/lib/api/organisations/get-organisation';
import { storedUserId, userPath } from '@/lib/api/users/get-user';
import { CLIENT_CONFIG_PATH } from '@/lib/client-config';
import { hasSession } from '@/lib/storage';

/*
 * The dashboard page's own script, written into dashboard.html at build time (web/chunks.ts) and
 * run before anything else on the page: it asks for the settings and for the dashboard's first data
 * that the stored session names (web/src/app/first-data.ts), while the app's code downloads,
 * instead of once it has run. The app's first call for each takes the answer (client.ts). What
 * needs another answer first, the batch types, stays the app's to ask.
 */
startEarlyGet(CLIENT_CONFIG_PATH, { anonymous: true });
const organisationId = currentOrganisationId();
const userId = storedUserId();
if (hasSession() && organisationId) {
  if (userId) startEarlyGet(userPath(userId));
  startEarlyGet(organisationPath(organisationId));
  startEarlyGet(SUMMARY_PATH);
}
