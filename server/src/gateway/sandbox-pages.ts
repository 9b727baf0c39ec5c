import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { productByArn } from '@verigate/catalog';
import { SESSION_PAGE_PATH, type SessionView } from '@verigate/catalog/sandbox';
import type { Database } from '../db/client.js';
import type { Clock } from '../platform/clock.js';
import { escapeHtml } from '../platform/html.js';
import type { FlowCompleted } from './completions.js';
import { completeSession, sessionForPage } from './sessions.js';

/**
 * The sandbox's hosted pages (`sdk_url` of liveness, DigiLocker, OCR SDK and student
 * verification, `signing_url` of eSign): the customer passes or fails the check here, the flow's
 * fetch step answers that outcome, and `verification.completed` is raised in the transaction of
 * the completion. No script; the session id in the path is the only key, so these routes log
 * warnings only (their URLs never reach the request log).
 */
const STYLE =
  'body{font-family:system-ui,sans-serif;background:#f4f6fa;color:#1f2937;display:flex;justify-content:center;padding:48px 16px;margin:0}' +
  'main{background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002;padding:32px;max-width:480px;width:100%}' +
  'h1{font-size:22px;margin:0 0 8px}p{line-height:1.5}.note{color:#6b7280;font-size:13px}dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px}dt{color:#6b7280}' +
  'form{display:flex;gap:12px;flex-wrap:wrap;margin-top:24px}button{font:inherit;padding:10px 18px;border-radius:8px;border:1px solid #2563eb;cursor:pointer}' +
  '.pass{background:#2563eb;color:#fff}.fail{background:#fff;color:#2563eb}button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const DETAILS: Record<string, string> = { signer_name: 'Signer', signer_email: 'Email', document_info: 'Document' };

function sessionPage(session: SessionView & { used: boolean }): string {
  const product = productByArn(session.productArn);
  const words = product?.flow?.page ?? { title: 'Sandbox check', passLabel: 'Pass', failLabel: 'Fail' };
  const details = Object.entries(DETAILS)
    .filter(([key]) => typeof session.state[key] === 'string' && session.state[key] !== '')
    .map(([key, label]) => `<dt>${label}</dt><dd>${escapeHtml(String(session.state[key]))}</dd>`)
    .join('');
  const heading = `<h1>${escapeHtml(words.title)}</h1><p class="note">${escapeHtml(product?.name ?? session.productArn)} · test environment</p>${details ? `<dl>${details}</dl>` : ''}`;
  if (session.status === 'COMPLETED' || session.used) {
    const verdict = session.passed ? words.passLabel : words.failLabel;
    return page(
      words.title,
      `${heading}<p role="status">Done: <strong>${escapeHtml(verdict)}</strong>. You can close this tab; the fetch call now answers the result.</p>`,
    );
  }
  return page(
    words.title,
    `${heading}<p>This page stands in for the provider's hosted flow. Choose how it ends:</p>` +
      `<form method="post"><button class="pass" name="outcome" value="pass">${escapeHtml(words.passLabel)}</button><button class="fail" name="outcome" value="fail">${escapeHtml(words.failLabel)}</button></form>`,
  );
}

const send = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
    .send(html);

const GONE = page('Session not found', '<h1>Session not found</h1><p>This sandbox session is unknown or has expired. Start the flow again.</p>');

export const sandboxPages: FastifyPluginAsync<{ db: Database; clock: Clock; onFlowCompleted: FlowCompleted }> = async (app, { db, clock, onFlowCompleted }) => {
  const path = `${SESSION_PAGE_PATH}:id`;
  app.setErrorHandler(async (error, request, reply) => {
    request.log.error({ err: error }, 'sandbox page failed');
    return send(reply, 500, page('Something went wrong', '<h1>Something went wrong</h1><p>Try again in a moment.</p>'));
  });

  app.get<{ Params: { id: string } }>(path, { logLevel: 'warn' }, async (request, reply) => {
    const session = await sessionForPage(db, request.params.id, clock.now());
    return session ? send(reply, 200, sessionPage(session)) : send(reply, 404, GONE);
  });

  /** The page's form: `outcome=pass` or `outcome=fail`; then back to the page (post/redirect/get). */
  app.post<{ Params: { id: string }; Body: string | undefined }>(path, { logLevel: 'warn' }, async (request, reply) => {
    const outcome = new URLSearchParams(typeof request.body === 'string' ? request.body : '').get('outcome');
    if (outcome !== 'pass' && outcome !== 'fail')
      return send(reply, 400, page('Choose an outcome', '<h1>Choose an outcome</h1><p>Go back and choose one of the two buttons.</p>'));
    const session = await sessionForPage(db, request.params.id, clock.now());
    if (!session) return send(reply, 404, GONE);
    await completeSession(db, session.id, outcome === 'pass', clock.now(), onFlowCompleted);
    return reply.redirect(`${SESSION_PAGE_PATH}${session.id}`, 303);
  });
};
