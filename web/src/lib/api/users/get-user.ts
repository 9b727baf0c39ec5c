import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, type Role, type UserProfile } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';
import { storage } from '@/lib/storage';

export const userPath = (userId: string) => `/user/${encodeURIComponent(userId)}`;

/** GET /user/{userId}: the signed-in user's profile. */
export const getUser = async (userId: string) => orThrow(await apiRequest<UserProfile>('GET', userPath(userId)));

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

/** The profile with `role` in `organisationId`, unless it already has a role there. */
export const withRole = (user: UserProfile, organisationId: string, role: Role): UserProfile =>
  user.roles.some((entry) => entry.org_id === organisationId) ? user : { ...user, roles: [...user.roles, { org_id: organisationId, role }] };

/**
 * The signed-in user was just given `role` in `organisationId` (an organisation created, an
 * invitation accepted). The portal's gating reads roles from the cached profile, so the role goes
 * there at once, and the profile is read again behind it. Nothing waits for that read: a slow or
 * lost request would otherwise hold the step that gave the role on a spinning button.
 */
export function rememberRole(queryClient: QueryClient, organisationId: string, role: Role): void {
  const key = queryKeys.user(storedUserId() ?? '');
  queryClient.setQueryData<UserProfile>(key, (user) => user && withRole(user, organisationId, role));
  void queryClient.invalidateQueries({ queryKey: key });
}
