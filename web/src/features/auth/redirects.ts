/** Where the emailed links land: the first for a valid link, the second for an expired or used one. */
export const activationRedirects = () => ({
  success_redirect: `${window.location.origin}/create-password`,
  failure_redirect: `${window.location.origin}/email-verification-failed`,
});

export const passwordResetRedirects = () => ({
  success_redirect: `${window.location.origin}/create-password`,
  failure_redirect: `${window.location.origin}/password-reset-link-expiry`,
});
