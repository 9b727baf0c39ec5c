import { describe, expect, it } from 'vitest';
import { SAMPLE_JPEG, SAMPLE_PNG } from '../documents/files.js';
import { SAMPLE_PDF } from '../documents/pdf.js';
import { products } from '../index.js';
import type { Field, Operation, ResultField } from '../model.js';
import type { ProductDefinition } from '../product.js';
import { providerEnvelope } from '../requests/envelope.js';
import { exampleRequest } from '../requests/examples.js';
import { RESPONSE_CODES } from '../requests/response-codes.js';
import { parseProductRequest } from '../requests/schemas.js';
import { sandboxAnswer, type SandboxContext, type SessionView } from '../sandbox/index.js';
import { maskRequest, maskResponse, PERSONAL_KINDS } from './index.js';

/**
 * For every product and every step: a request with all its fields (from the examples, every
 * flag set, every branch of a choice that other fields depend on), the sandbox's answer to it,
 * both masked; no personal value sent or answered may be left in either. What is personal is
 * written here apart from the definitions' kinds: by the key a value sits under, and by the
 * shape of the value itself.
 */

const NOW = new Date('2025-03-14T09:30:00.000Z');
const IDS = {
  requestId: '3f1c2a9e-5b7d-4c1e-9a2b-0c4d5e6f7a8b',
  groupId: '7d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a',
  taskId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
};

const context = (session?: SessionView): SandboxContext => {
  let next = 0;
  return {
    requestId: IDS.requestId,
    newId: () => `00000000-0000-4000-8000-${String((next += 1)).padStart(12, '0')}`,
    baseUrl: 'https://verigate.test',
    now: NOW,
    ...(session ? { session } : {}),
  };
};

/** A value for a field the examples leave out (an optional file or password). */
function filler(field: Field): unknown {
  if (field.type === 'file') return field.file?.accept.includes('jpeg') ? SAMPLE_JPEG : field.file?.accept.includes('png') ? SAMPLE_PNG : SAMPLE_PDF;
  if (field.type === 'boolean') return true;
  if (field.type === 'string') return 'Secret#Pass123';
  return undefined;
}

/** The example data with every flag on and every field the examples leave out filled. */
function completed(fields: readonly Field[], data: Record<string, unknown>): Record<string, unknown> {
  const full = { ...data };
  for (const field of fields) {
    if (field.in === 'body') continue;
    if (field.when && !(field.when.field in full && field.when.equals?.includes(full[field.when.field] as string))) continue;
    if (field.type === 'boolean') full[field.name] = true;
    else if (full[field.name] === undefined) {
      const value = filler(field);
      if (value !== undefined) full[field.name] = value;
    }
  }
  return full;
}

/** Every branch of a choice that other fields depend on (CKYC's search by, the merchant report type). */
function branches(operation: Operation): Record<string, string>[] {
  const chosen = operation.fields.filter((field) => field.type === 'enum' && operation.fields.some((other) => other.when?.field === field.name));
  const [first] = chosen;
  return first ? first.options!.map((option) => ({ [first.name]: option.value })) : [{}];
}

interface Call {
  label: string;
  body: Record<string, unknown>;
  envelope: Record<string, unknown>;
  operation: Operation;
}

function answer(product: ProductDefinition, operation: Operation, body: Record<string, unknown>, session?: SessionView) {
  const parsed = parseProductRequest(product, body, NOW, 'api');
  if (!parsed.ok) throw new Error(`${product.arn}: the full request is refused: ${JSON.stringify(parsed.error)}`);
  const data = body.data as Record<string, unknown>;
  return sandboxAnswer(
    { product, operation: parsed.operation, data: parsed.data, body: parsed.body, consentText: String(data.consent_text) },
    context(session),
  );
}

const envelopeOf = (reply: ReturnType<typeof answer>) =>
  providerEnvelope(IDS, reply.responseCode, RESPONSE_CODES[reply.responseCode].message, reply.result) as unknown as Record<string, unknown>;

/** The calls of a product: each first step with 100 and with 102 (two records), and each next step after it. */
function callsOf(product: ProductDefinition): Call[] {
  const calls: Call[] = [];
  const [first, ...next] = product.operations;
  for (const choose of branches(first!)) {
    for (const code of [100, 102] as const) {
      const example = exampleRequest(product, first, { choose, code });
      const body = { ...example, task_id: IDS.taskId, data: completed(first!.fields, example.data) };
      const reply = answer(product, first!, body);
      calls.push({ label: `${first!.action ?? 'call'} ${JSON.stringify(choose)} ${code}`, body, envelope: envelopeOf(reply), operation: first! });
      if (code !== 100) continue;
      for (const operation of next) {
        const session: SessionView = {
          id: reply.opens?.[0]?.id ?? IDS.requestId,
          productArn: product.arn,
          status: product.flow?.kind === 'hosted' ? 'COMPLETED' : 'OPEN',
          passed: product.flow?.kind === 'hosted' ? true : null,
          completedAt: product.flow?.kind === 'hosted' ? NOW : null,
          state: reply.opens?.[0]?.state ?? {},
        };
        const nextExample = exampleRequest(product, operation);
        const nextBody = { ...nextExample, data: completed(operation.fields, nextExample.data) };
        calls.push({
          label: `${operation.action} after ${JSON.stringify(choose)}`,
          body: nextBody,
          envelope: envelopeOf(answer(product, operation, nextBody, session)),
          operation,
        });
      }
    }
  }
  return calls;
}

/** Keys whose values are personal by the list: names, identity and account numbers, contacts, addresses, dates of birth, OTPs, files, free text. */
const PERSONAL_KEY =
  /name|party|holder|care_of|employer|address|place_of_business|polling_station|(^|_)city$|dob|birth|mobile|phone|email|upi|account_number|aadhaar|pan$|pan_number|linked_pan|gstin|^tan$|_tan_|^cin|cin_number|din$|din_number|(^|_)uan$|epic|dl_number|passport_number|file_number|ckyc|ip_number|esic|temporary|fssai|udyog|registration_number|chassis|engine|tag_id|policy_number|cheque_number|challan_number|^number$|otp|password|image|photo|file$|_file|^document$|^data$|signed_document|consent_text|purpose|^info$|establishment_id|employer_code|rc_permit$|pincode/;
/** Keys the pattern above takes for personal that are not: statuses and types, a bank, a dealer, flags. */
const NOT_PERSONAL_KEY = /_status$|_type$|^bank_name$|^dealer_(name|address)$|^aadhaar_linked$|otp_sent$/;
/** The IFSC lookup answers about a bank branch, not a person. */
const NOT_PERSONAL_AT: Readonly<Record<string, readonly string[]>> = { in_financial_ifsc_lite: ['address', 'city'] };

/** Values personal by their shape wherever they are. */
const PERSONAL_SHAPES = [
  /^[A-Z]{3}[ABCFGHJLPT][A-Z][0-9]{4}[A-Z]$/, // PAN
  /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, // GSTIN
  /^[2-9][0-9]{11}$/, // Aadhaar
  /^[6-9][0-9]{9}$/, // mobile
  /^[^\s@]+@[^\s@]+$/, // email, UPI id
  /^[A-Za-z0-9+/]{64,}={0,2}$/, // a file's base64
];

/** Values that must survive masking: codes, statuses and the envelope's ids. */
const SURVIVING_KEYS = new Set([
  'request_id',
  'group_id',
  'task_id',
  'success',
  'response_code',
  'response_message',
  'billable',
  'mode',
  'action',
  'consent',
  'pan_status',
  'gstin_status',
  'company_status',
  'din_status',
  'status',
  'reason_code',
  'pan_holder_type',
  'ifsc',
  'bank_name',
  'gender',
  'card_type',
  'document_type',
  'vehicle_class',
  'fuel_type',
  'tag_status',
  'connection_status',
  'report_id',
]);

type Leaf = { path: string[]; value: unknown };
function leaves(value: unknown, path: string[] = []): Leaf[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, String(index)]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [{ path, value }];
}
const keyOf = (path: string[]) => [...path].reverse().find((part) => !/^\d+$/.test(part)) ?? '';
const at = (value: unknown, path: string[]): unknown => path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);

function personalLeaves(arn: string, value: unknown): Leaf[] {
  return leaves(value).filter(({ path, value }) => {
    if (typeof value !== 'string' && !(typeof value === 'number' && Number.isInteger(value) && String(value).length >= 6)) return false;
    const text = String(value).trim();
    if (text === '') return false;
    const key = keyOf(path);
    const byKey = PERSONAL_KEY.test(key) && !NOT_PERSONAL_KEY.test(key) && !(NOT_PERSONAL_AT[arn] ?? []).includes(key);
    return byKey || PERSONAL_SHAPES.some((shape) => shape.test(text));
  });
}

const cases = products.flatMap((product) => callsOf(product).map((call) => [product.arn, call.label, product, call] as const));

describe('a kept request and response', () => {
  it('are built for every step of every product', () => {
    const covered = new Set(cases.map(([arn, , , call]) => `${arn} ${call.operation.action ?? ''}`));
    for (const product of products) for (const operation of product.operations) expect(covered).toContain(`${product.arn} ${operation.action ?? ''}`);
  });

  it.each(cases)('%s %s: carry none of the personal values sent or answered', (arn, _label, _product, call) => {
    const request = maskRequest(call.operation, call.body);
    const response = maskResponse(call.operation, call.envelope);
    const kept = `${JSON.stringify(request)}\n${JSON.stringify(response)}`;
    const sent = personalLeaves(arn, call.body);
    const answered = personalLeaves(arn, call.envelope);
    expect(sent.length).toBeGreaterThan(0);
    for (const { path, value } of [...sent.map((leaf) => ({ ...leaf, in: request })), ...answered.map((leaf) => ({ ...leaf, in: response }))]) {
      const text = String(value).trim();
      if (text.length >= 6) expect(kept, `${path.join('.')} = ${text.slice(0, 40)}`).not.toContain(text);
      if (typeof value === 'string' && text.length > 64) expect(kept).not.toContain(text.slice(0, 32));
    }
    for (const [leaf, masked] of [
      ...sent.map((leaf) => [leaf, at(request, leaf.path)] as const),
      ...answered.map((leaf) => [leaf, at(response, leaf.path)] as const),
    ])
      expect(masked, leaf.path.join('.')).not.toEqual(leaf.value);
  });

  it.each(cases)('%s %s: keep the codes, statuses and ids that are not personal', (_arn, _label, _product, call) => {
    const request = maskRequest(call.operation, call.body);
    const response = maskResponse(call.operation, call.envelope);
    const kept = [
      ...leaves(call.body).map((leaf) => [leaf, at(request, leaf.path)] as const),
      ...leaves(call.envelope).map((leaf) => [leaf, at(response, leaf.path)] as const),
    ].filter(([leaf]) => SURVIVING_KEYS.has(keyOf(leaf.path)) && leaf.path[0] !== 'data');
    expect(kept.length).toBeGreaterThan(0);
    for (const [leaf, masked] of kept) expect(masked, leaf.path.join('.')).toEqual(leaf.value);
    expect(response).toMatchObject({ response_code: call.envelope.response_code, success: call.envelope.success, metadata: call.envelope.metadata });
  });
});

describe('the personal kind of every field', () => {
  const kinds: readonly string[] = PERSONAL_KINDS;
  const requestFields = (fields: readonly Field[], path: string): [string, Field][] =>
    fields.flatMap((field) => [
      [`${path}${field.name}`, field] as [string, Field],
      ...requestFields(field.fields ?? [], `${path}${field.name}.`),
      ...(field.items ? requestFields([field.items], `${path}${field.name}[].`) : []),
    ]);
  const resultFields = (shape: Readonly<Record<string, ResultField>>, path: string): [string, ResultField][] =>
    Object.entries(shape).flatMap(([name, field]) => [
      [`${path}${name}`, field] as [string, ResultField],
      ...resultFields(field.fields ?? {}, `${path}${name}.`),
      ...(field.items ? resultFields({ '': field.items }, `${path}${name}[]`) : []),
    ]);
  const steps = products.flatMap((product) => product.operations.map((operation) => [`${product.arn} ${operation.action ?? ''}`.trim(), operation] as const));

  it.each(steps)('%s: every request field and every response field declares one', (_step, operation) => {
    for (const [path, field] of requestFields(operation.fields, 'data.')) expect(kinds, path).toContain(field.personal);
    for (const [path, field] of resultFields(operation.result, 'result.')) expect(kinds, path).toContain(field.personal);
  });

  it.each(steps)('%s: files are files and OTPs are OTPs', (_step, operation) => {
    for (const [path, field] of requestFields(operation.fields, 'data.')) {
      if (field.type === 'file') expect(field.personal, path).toBe('file');
      if (field.name === 'otp') expect(field.personal, path).toBe('otp');
    }
  });
});
