/**
 * The invitation a signed-out visitor opened, kept for this tab (sessionStorage) while they sign in
 * or sign up, so that the login brings them back to it instead of the usual landing. The portal's
 * localStorage is cleared at each login, so it could not carry the token across.
 */
const KEY = 'pending_invitation';

export const invitationPagePath = (token: string) => `/invitation/${encodeURIComponent(token)}`;

export function rememberInvitation(token: string): void {
  sessionStorage.setItem(KEY, token);
}

/** The remembered invitation's page, forgotten as it is read; null when there is none. */
export function takeInvitationPath(): string | null {
  const token = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return token ? invitationPagePath(token) : null;
}
