import { answer, type SandboxAnswer, type SandboxContext, type SandboxRequest } from './engine.js';
import { businessSandboxes } from './results/business.js';
import { contactSandboxes } from './results/contact.js';
import { employmentSandboxes } from './results/employment.js';
import { faceSandboxes } from './results/face.js';
import { financialSandboxes } from './results/financial.js';
import { identitySandboxes } from './results/identity.js';
import { ocrSandboxes } from './results/ocr.js';
import { signSandboxes } from './results/sign.js';
import { vehicleSandboxes } from './results/vehicle.js';

/**
 * The test environment's sandbox (`@verigate/catalog/sandbox`, server-side: it reads files with
 * node:buffer). README.md in this folder lists the magic inputs.
 */
export const SANDBOXES = Object.freeze({
  ...identitySandboxes,
  ...businessSandboxes,
  ...financialSandboxes,
  ...vehicleSandboxes,
  ...contactSandboxes,
  ...employmentSandboxes,
  ...faceSandboxes,
  ...ocrSandboxes,
  ...signSandboxes,
});

/** Whether the sandbox answers a product's operation. */
export const hasSandbox = (arn: string, action?: string): boolean => {
  const product: object | undefined = Object.hasOwn(SANDBOXES, arn) ? SANDBOXES[arn as keyof typeof SANDBOXES] : undefined;
  return product !== undefined && Object.hasOwn(product, action ?? 'default');
};

/** The sandbox's answer to a validated request (see engine.ts). */
export const sandboxAnswer = (request: SandboxRequest, context: SandboxContext): SandboxAnswer => answer(SANDBOXES, request, context);

export {
  readSelector,
  SESSION_PAGE_PATH,
  sessionPageUrl,
  type SandboxAnswer,
  type SandboxContext,
  type SandboxRequest,
  type SessionOpen,
  type SessionView,
} from './engine.js';
export { OTP_MISMATCH, SANDBOX_OTP } from './results/flows.js';
export { hashText, seededRandom, type Random } from './random.js';
export { nameMatch } from './people.js';
