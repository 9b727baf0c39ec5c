import type { AppView } from '@verigate/contracts';
import { request } from './request';

/** POST /app with header x-org-id: the organisation's first app is its test app. */
export const createApp = (organisationId: string, name: string) =>
  request<AppView>('POST', '/app', { headers: { 'x-org-id': organisationId }, body: { name } });
