import { z } from 'zod';
import { ROLES } from './permissions.js';
import { recoveryEmailRules } from './rules/email.js';
import { ruleString } from './rules/rule-string.js';

/**
 * A team: the members of an organisation and the invitations to join it. Every path is under /api
 * and acts for the organisation of the call (`x-org-id`, else the user's first):
 *
 *   GET    /members                               members and pending invitations → TeamView
 *   POST   /members/invitations                   invite by work email (inviteRequest) → PendingInvitation
 *   POST   /members/invitations/{id}/resend       a new link, the old one stops working → PendingInvitation
 *   DELETE /members/invitations/{id}              revoke it → { message }
 *   PUT    /members/{userId}                      change a member's role (roleChangeRequest) → TeamMember
 *   DELETE /members/{userId}                      remove a member (or leave) → { message }
 *   GET    /invitations/{token}                   what a link invites to (public) → InvitationView
 *   POST   /invitations/{token}/accept            join, signed in as the invited email → { org_id, role }
 */
export const INVITATION_VALID_DAYS = 7;

export const membersPath = '/members';
export const invitationsPath = '/members/invitations';
export const invitationPath = (id: string) => `/members/invitations/${id}`;
export const invitationResendPath = (id: string) => `/members/invitations/${id}/resend`;
export const memberPath = (userId: string) => `/members/${userId}`;
export const invitationLinkPath = (token: string) => `/invitations/${token}`;
export const invitationAcceptPath = (token: string) => `/invitations/${token}/accept`;

export const memberRole = z.enum(ROLES, { error: 'Choose a role: owner, admin, developer, finance or viewer' });

export const inviteRequest = z.strictObject({ email: ruleString(recoveryEmailRules), role: memberRole });
export type InviteRequest = z.infer<typeof inviteRequest>;

export const roleChangeRequest = z.strictObject({ role: memberRole });
export const memberIdParam = z.strictObject({ userId: z.uuid({ error: 'Member not found' }) });
export const invitationIdParam = z.strictObject({ id: z.uuid({ error: 'Invitation not found' }) });
export const invitationTokenParam = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, { error: 'This invitation link is not valid' }) });

export const teamMember = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: memberRole,
  joined_at: z.string(),
  you: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const pendingInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: memberRole,
  invited_by: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;

export const teamView = z.object({ members: z.array(teamMember), invitations: z.array(pendingInvitation) });
export type TeamView = z.infer<typeof teamView>;

export const INVITATION_STATES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export const invitationView = z.object({
  organisation_name: z.string(),
  email: z.string(),
  role: memberRole,
  state: z.enum(INVITATION_STATES),
  expires_at: z.string(),
});
export type InvitationView = z.infer<typeof invitationView>;

export const invitationAccepted = z.object({ org_id: z.string(), role: memberRole });

export const MEMBER_MESSAGES = {
  alreadyMember: 'This person is already a member of the organisation',
  alreadyInvited: 'An invitation to this email is already pending: resend it instead',
  invitationNotFound: 'Invitation not found',
  memberNotFound: 'Member not found',
  invitationInvalid: 'This invitation link is not valid',
  invitationUsed: 'This invitation has already been used',
  invitationRevoked: 'This invitation has been revoked',
  invitationExpired: `This invitation has expired: invitations are valid for ${INVITATION_VALID_DAYS} days. Ask for a new one.`,
  wrongAccount: (email: string) => `This invitation is for ${email}. Sign in with that email to accept it.`,
  onlyOwnersGrantOwner: 'Only an owner can make someone an owner',
  onlyOwnersChangeOwners: 'Only an owner can change or remove another owner',
  notOwnRole: 'You cannot change your own role',
  lastOwner: 'The organisation needs at least one owner: make another member an owner first',
  invited: (email: string) => `Invitation sent to ${email}`,
  revoked: 'Invitation revoked',
  removed: 'Member removed',
  left: 'You have left the organisation',
  tooManyInvitations: (perDay: number) => `An organisation can send ${perDay} invitations a day: try again tomorrow`,
};
