/**
 * Messages the server sends and the portal shows or recognises. They live apart from the schemas:
 * the portal's first script imports them, and a module without schemas keeps zod out of it.
 */
export const DEFAULT_ERROR_MESSAGE = 'Something went wrong!';
/** A 503: the service cannot reach its database for now; the portal treats 503 as retryable (seed 000 §8). */
export const UNAVAILABLE_MESSAGE = 'Service temporarily unavailable';
export const DEACTIVATED_MESSAGE = 'Your account has been deactivated';

export const ACTIVATION_MESSAGES = {
  requested: 'account_activation_requested',
  pending: 'account_activation_pending',
  requestedText: 'Complete your account activation process to proceed ahead.',
  submitted: 'Activation requested',
} as const;

/** The query a verification link adds to its failure screen when the account behind it is already verified. */
export const LINK_OUTCOME_PARAM = 'outcome';
export const ALREADY_VERIFIED_OUTCOME = 'already-verified';

export const userMessages = {
  signUpSent: 'We have sent you the activation link on your email. Please check your Inbox.',
  resetSent: 'We have sent you the Reset link on your email. Please check your Inbox.',
  resendExhausted: 'You have exhausted the number of retries for email verification',
  passwordCreated: 'Your Password is generated. Login again to get in action.',
  passwordReset: 'Your Password has been Reset Successfully',
  passwordChanged: 'Your Password has been changed successfully',
  invalidCredentials: 'Invalid email or password',
  captchaMissing: 'Captcha Token not present',
  captchaInvalid: 'Captcha verification failed, please try again',
  emailTaken: 'An account with this email already exists',
  linkInvalid: 'This link has expired or has already been used',
  alreadyVerified: 'Your email is already verified. Sign in with your email and password.',
  sessionExpired: 'Your session has expired, please log in again',
  currentPasswordWrong: 'Current Password is incorrect',
  samePassword: 'New Password must differ from the current one',
  tooManyRequests: 'Too many requests, please try again later',
} as const;
