import type { AppView } from '@verigate/contracts';
import { request } from './request';

/** GET /app?page=select-service: the organisation's apps, test app first. */
export const getSelectServiceApps = () => request<AppView[]>('GET', '/app?page=select-service');
