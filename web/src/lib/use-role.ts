import { useQuery } from '@tanstack/react-query';
import { can, ROLES, type Permission, type Role } from '@verigate/contracts';
import { currentOrganisationId } from '@/lib/api/organisations/get-organisation';
import { storedUserId, userQuery } from '@/lib/api/users/get-user';

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** The role of `roles` in `organisationId`, or undefined when the list has none for it. */
export function roleIn(roles: ReadonlyArray<{ org_id: string; role: string }>, organisationId: string | null): Role | undefined {
  const role = roles.find((entry) => entry.org_id === organisationId)?.role;
  return role !== undefined && isRole(role) ? role : undefined;
}

/**
 * The signed-in member's role in the organisation the portal acts for, read from their profile
 * (GET /user/{id}); undefined while it is not known. The server decides in the end: the portal only
 * hides or disables what the role may not do.
 */
export function useRole(): Role | undefined {
  const userId = storedUserId() ?? '';
  const user = useQuery({ ...userQuery(userId), enabled: userId !== '', staleTime: 60_000 });
  return user.data ? roleIn(user.data.roles, currentOrganisationId()) : undefined;
}

/** Whether a role holds a permission, for a role that may not be known yet (then true). */
export const allows = (role: Role | undefined, permission: Permission): boolean => role === undefined || can(role, permission);

/** Whether the member's role holds `permission`; true while the role is not known yet. */
export function useCan(permission: Permission): boolean {
  return allows(useRole(), permission);
}
