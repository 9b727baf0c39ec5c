import { queryOptions } from '@tanstack/react-query';
import { STORAGE_KEYS, type UserProfile } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { storage } from '@/lib/storage';

/** GET /user/{userId}: the signed-in user's profile. */
export const getUser = async (userId: string) => orThrow(await apiRequest<UserProfile>('GET', `/user/${encodeURIComponent(userId)}`));

export const userQuery = (userId: string) => queryOptions({ queryKey: queryKeys.user(userId), queryFn: () => getUser(userId), retry: false });

/** The id of the user stored at login (seed §3 `user` key), or null. */
export function storedUserId(): string | null {
  try {
    const user: unknown = JSON.parse(storage.get(STORAGE_KEYS.user) ?? 'null');
    return typeof user === 'object' && user !== null && '_id' in user && typeof user._id === 'string' ? user._id : null;
  } catch {
    return null;
  }
}
