import { Buffer } from 'node:buffer';
import type { Operation } from '../model.js';
import type { ProductDefinition } from '../product.js';
import { fieldAt } from '../requests/examples.js';
import {
  BANK_REASON_CODES,
  bankReason,
  type BankReasonCode,
  FILE_MARKER,
  magicCode,
  numberSelector,
  presentSelector,
  selectorIndex,
  selectorValue,
} from '../requests/magic.js';
import type { ResponseCode } from '../requests/response-codes.js';
import { seededRandom, type Random } from './random.js';

/**
 * The test environment's answers (architecture page, "The sandbox is deterministic"). A pure
 * function of the validated input — and, for a flow's second step, of the session its first
 * step opened: the gateway keeps sessions, the sandbox says what to keep.
 */
export type Result = Record<string, unknown>;

/** A session a flow's first step opened, as the gateway stored it. */
export interface SessionView {
  id: string;
  productArn: string;
  /** OPEN until the hosted page is completed (or, for OTP flows, until verified). */
  status: 'OPEN' | 'COMPLETED';
  /** The hosted page's outcome: the customer passed (true) or failed/declined (false). */
  passed: boolean | null;
  /** When the hosted page was completed. */
  completedAt: Date | null;
  state: Record<string, unknown>;
}

export interface SessionOpen {
  id: string;
  state: Record<string, unknown>;
  /** How long the next step may use it: the flow's lifetime unless the request chose one (eSign). */
  expiresInMinutes?: number;
}

export interface SandboxContext {
  /** The envelope's request_id: OTP and liveness sessions are known by it. */
  requestId: string;
  /** Fresh ids (one per eSign signer). */
  newId(): string;
  /** Where the server serves the hosted pages: `${baseUrl}${SESSION_PAGE_PATH}{id}`. */
  baseUrl: string;
  now: Date;
  /** The session of a continuing step (the gateway answers unknown ids before the sandbox). */
  session?: SessionView;
}

export interface SandboxAnswer {
  responseCode: ResponseCode;
  result?: Result;
  /** Sessions to store: a first step answered 100. */
  opens?: SessionOpen[];
  /** The step used its session up (an OTP verified): no second use. */
  closes?: boolean;
}

/** What a builder sees: the validated request and helpers. `variant` 1 is the second of two records. */
export interface BuildInput extends SandboxContext {
  product: ProductDefinition;
  data: Record<string, unknown>;
  body: Record<string, unknown>;
  variant: number;
  /** Deterministic randomness from these parts (and the variant). */
  rng(...parts: unknown[]): Random;
  /** Bank products: the reason code the IFSC asks for. */
  reason?: BankReasonCode;
}

/** A builder may answer more than a result: another code, sessions to open or close. */
export interface Built {
  [BUILT]: true;
  responseCode?: ResponseCode;
  result?: Result;
  opens?: SessionOpen[];
  closes?: boolean;
}
const BUILT = Symbol('built');
export const built = (answer: Omit<Built, typeof BUILT>): Built => ({ [BUILT]: true, ...answer });
const isBuilt = (value: Result | Built): value is Built => BUILT in value;

type Builder = (input: BuildInput) => Result | Built;

/** One operation's sandbox: its answer and the fields blanked in a 103 Partial Record Found. */
export interface OperationSandbox {
  build: Builder;
  partial: readonly string[];
}

/** Builders of a product by action ('default' for a single-step product). */
export type ProductSandbox = Readonly<Record<string, OperationSandbox>>;

/** The path of the hosted pages (liveness, DigiLocker, OCR SDK, eSign viewer) on this server. */
export const SESSION_PAGE_PATH = '/sandbox/session/';
export const sessionPageUrl = (baseUrl: string, id: string) => `${baseUrl}${SESSION_PAGE_PATH}${id}`;

const fileMarker = (base64: string): string | null => {
  const text = Buffer.from(base64, 'base64').toString('latin1');
  const at = text.lastIndexOf(FILE_MARKER);
  return at < 0 ? null : text.slice(at + FILE_MARKER.length, at + FILE_MARKER.length + 4);
};

/** The four selector characters of a request, or null when its selector field is absent. */
export function readSelector(operation: Operation, values: Record<string, unknown>): string | null {
  const selector = presentSelector(operation, values);
  if (!selector) return null;
  const value = selectorValue(values, selector.field);
  if (typeof value === 'number') return numberSelector(value);
  if (typeof value !== 'string') return null;
  if (fieldAt(operation, selector.field)?.type === 'file') return fileMarker(value);
  const start = selectorIndex(selector, value);
  return start < 0 ? null : value.slice(start, start + 4);
}

export interface SandboxRequest {
  product: ProductDefinition;
  operation: Operation;
  /** The validated, normalised product fields. */
  data: Record<string, unknown>;
  /** Body-level fields (report_id). */
  body?: Record<string, unknown>;
  consentText: string;
}

/**
 * The answer to a validated request: the selector's magic code if any (bank products: else the
 * IFSC's reason code), else 100 with a record derived from the input. 102 carries two records,
 * 103 the record with its partial fields null; other codes carry no result — except the bank
 * reasons, which always say their reason.
 */
export function answer(sandboxes: Readonly<Record<string, ProductSandbox>>, request: SandboxRequest, context: SandboxContext): SandboxAnswer {
  const { product, operation, data, body = {} } = request;
  const sandbox = sandboxes[product.arn]?.[operation.action ?? 'default'];
  if (!sandbox) throw new Error(`No sandbox for ${product.arn} ${operation.action ?? ''}`);
  const magic = magicCode(readSelector(operation, { ...data, consent_text: request.consentText }));
  const reason = product.bankReasons && magic === null ? bankReason(String(data.ifsc)) : undefined;
  const code: ResponseCode = magic ?? (reason ? BANK_REASON_CODES[reason].responseCode : 100);
  if (magic !== null && ![100, 102, 103].includes(magic)) return { responseCode: magic };

  const build = (variant: number) => {
    // Written out rather than spread from the context: the builder's input is made on every sandbox call.
    const input: BuildInput = {
      requestId: context.requestId,
      newId: context.newId,
      baseUrl: context.baseUrl,
      now: context.now,
      product,
      data,
      body,
      variant,
      rng: (...parts) => seededRandom(...parts.map(String), String(variant)),
    };
    if (context.session) input.session = context.session;
    if (reason) input.reason = reason;
    const made = sandbox.build(input);
    return isBuilt(made) ? made : built({ result: made });
  };
  const first = build(0);
  if (first.responseCode !== undefined && first.responseCode !== 100)
    return { responseCode: first.responseCode, ...(first.result ? { result: first.result } : {}) };
  switch (code) {
    case 102:
      return { responseCode: 102, result: { records: [first.result, build(1).result] } };
    case 103: {
      const partial: Result = { ...first.result };
      for (const field of sandbox.partial) partial[field] = null;
      return { responseCode: 103, result: partial };
    }
    case 100:
      return {
        responseCode: 100,
        ...(first.result ? { result: first.result } : {}),
        ...(operation.session === 'opens'
          ? {
              opens: (first.opens ?? [{ id: context.requestId, state: {} }]).map((open) => ({
                expiresInMinutes: product.flow?.expiresInMinutes ?? 30,
                ...open,
              })),
            }
          : {}),
        ...(first.closes ? { closes: true } : {}),
      };
    default:
      return { responseCode: code, ...(first.result ? { result: first.result } : {}) };
  }
}
