/**
 * Step-up (seed 000 §4, §6): the ZPIN or OTP proof a sensitive change carries. The one public entry
 * of this feature: other features import from here only (eslint.config.js checks it).
 */
export { useStepUp, type StepUp } from './use-step-up';
