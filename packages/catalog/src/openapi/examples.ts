import { choiceField, operationId } from '../docs.js';
import type { Operation } from '../model.js';
import type { ProductDefinition } from '../product.js';
import { type ProviderEnvelope, providerEnvelope } from '../requests/envelope.js';
import { exampleRequest } from '../requests/examples.js';
import { selectorValue } from '../requests/magic.js';
import { RESPONSE_CODES } from '../requests/response-codes.js';
import { parseProductRequest } from '../requests/schemas.js';
import { sandboxAnswer, type SandboxContext, type SessionOpen, type SessionView } from '../sandbox/index.js';

/**
 * The documented calls of a product: each operation's example request (each option of a choice
 * field, such as a report type, on its own) with the sandbox's own answer to it. A flow's later
 * step sends the request_id its first step answered, as a client would.
 */
export interface ExampleCall {
  operation: Operation;
  /** The docs operation id of the step ('contact-mobile-otp-verify'), or of the product. */
  stepId: string;
  /** What tells this example apart: the action, the chosen option, or 'default'. */
  key: string;
  title: string;
  body: ReturnType<typeof exampleRequest>;
  answer: ProviderEnvelope;
}

/** Fixed ids and time, so the document is the same on every build. */
export const EXAMPLE_NOW = new Date('2025-01-15T10:30:00.000Z');
export const EXAMPLE_IDS = {
  requestId: '6f1d3c2b-8a4e-4f7d-9b1c-2e5a7d9f0c3e',
  groupId: '0b7e4a9c-3d2f-4e1a-8c5b-6d9f2a1e7c4b',
  taskId: 'c2a5e8f1-7b3d-4c9e-a1f6-5d8b2e4a9c7f',
} as const;

function sandboxContext(baseUrl: string, session?: SessionView): SandboxContext {
  let next = 0;
  return {
    requestId: EXAMPLE_IDS.requestId,
    newId: () => `8d4c2e6a-1f3b-4a7d-9e5c-${String((next += 1)).padStart(12, '0')}`,
    baseUrl,
    now: EXAMPLE_NOW,
    ...(session ? { session } : {}),
  };
}

/** The session a flow's first step opened, as its second step finds it (a hosted page already passed). */
function sessionFrom(product: ProductDefinition, open: SessionOpen): SessionView {
  const hosted = product.flow?.kind === 'hosted';
  return {
    id: open.id,
    productArn: product.arn,
    status: hosted ? 'COMPLETED' : 'OPEN',
    passed: hosted ? true : null,
    completedAt: hosted ? EXAMPLE_NOW : null,
    state: open.state,
  };
}

/** One example per option of the operation's choice field, or one example. */
const choicesOf = (operation: Operation): Array<{ choose: Record<string, string>; value: string; label: string } | undefined> => {
  const choice = choiceField(operation);
  return choice ? choice.options!.map((option) => ({ choose: { [choice.name]: option.value }, value: option.value, label: option.label })) : [undefined];
};

export function exampleCalls(product: ProductDefinition, baseUrl: string): ExampleCall[] {
  const calls: ExampleCall[] = [];
  let opened: { requestId: string; opens: readonly SessionOpen[] } | undefined;
  for (const operation of product.operations) {
    for (const choice of choicesOf(operation)) {
      let body = exampleRequest(product, operation, choice ? { choose: choice.choose } : {});
      let session: SessionView | undefined;
      if (operation.session === 'continues') {
        if (!opened) throw new Error(`${product.arn} ${operation.action}: no earlier step opened a session`);
        body = { ...body, data: { ...body.data, request_id: opened.requestId } };
        const open = opened.opens.find((candidate) => candidate.id === opened!.requestId) ?? opened.opens[0]!;
        session = sessionFrom(product, open);
      }
      const parsed = parseProductRequest(product, body, EXAMPLE_NOW);
      if (!parsed.ok) throw new Error(`${product.arn} ${operation.action ?? ''}: its example is refused: ${parsed.error.message}`);
      const answered = sandboxAnswer(
        { product, operation, data: parsed.data, body: parsed.body, consentText: String(body.data.consent_text) },
        sandboxContext(baseUrl, session),
      );
      if (answered.responseCode !== 100) throw new Error(`${product.arn} ${operation.action ?? ''}: its example answers ${answered.responseCode}, not 100`);
      const answer = providerEnvelope(EXAMPLE_IDS, 100, RESPONSE_CODES[100].message, answered.result);
      if (operation.session === 'opens' && operation.requestIdAt && !opened)
        opened = { requestId: String(selectorValue(answer as unknown as Record<string, unknown>, operation.requestIdAt)), opens: answered.opens ?? [] };
      calls.push({
        operation,
        stepId: operationId(product, operation),
        key: operation.action ?? choice?.value ?? 'default',
        title: [operation.action ? `${operation.action}: ${operation.summary}` : operation.summary, choice?.label].filter(Boolean).join(' · '),
        body,
        answer,
      });
    }
  }
  return calls;
}
