import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { escapeHtml } from './html.js';
import { onlyFromThisMachine } from './dev-tools.js';
import { routeSecurityPolicy } from './security-headers.js';
import { listOutbox } from './mail.js';

/**
 * The local outbox, for development: it shows every verification link, reset link and OTP sent,
 * so it is served only with DEV_MAILBOX=true, never when NODE_ENV=production, and only to clients
 * on this machine. Anyone else is answered as if it did not exist.
 */
export const devMailbox: FastifyPluginAsync<{ db: Database; config: Pick<Config, 'DEV_MAILBOX' | 'NODE_ENV' | 'PUBLIC_URL'> }> = async (
  app,
  { db, config },
) => {
  if (!config.DEV_MAILBOX) {
    app.log.warn('No SMTP_URL: emails are kept in the database outbox and not delivered; DEV_MAILBOX=true shows them at /dev/mailbox to this machine');
    return;
  }
  if (config.NODE_ENV === 'production') {
    app.log.warn('DEV_MAILBOX is ignored when NODE_ENV=production: the mailbox is off, and without SMTP_URL no email is delivered');
    return;
  }
  app.log.warn(`The development mailbox is on (DEV_MAILBOX): every email sent is readable at ${config.PUBLIC_URL}/dev/mailbox, from this machine only`);

  // What it shows are live links and codes: only this machine sees them, and no cache keeps them.
  onlyFromThisMachine(app);

  app.get('/dev/mailbox/messages', async () => listOutbox(db));

  // The page runs no script and calls nothing: its policy says so, and the mails it frames inherit it.
  app.get(
    '/dev/mailbox',
    { ...(await routeSecurityPolicy(config, { 'script-src': ["'none'"], 'connect-src': ["'none'"], 'worker-src': ["'none'"] })) },
    async (_request, reply) => {
      const messages = await listOutbox(db, 50);
      const items = messages
        .map(
          (
            message,
          ) => `<article><header><strong>${escapeHtml(message.subject)}</strong><span>to ${escapeHtml(message.to)} · ${escapeHtml(new Date(message.createdAt).toLocaleString('en-GB'))}</span></header>
<iframe title="${escapeHtml(message.subject)}" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(message.html.replace(/<a /g, '<a target="_top" '))}"></iframe></article>`,
        )
        .join('');
      const body = messages.length ? items : '<p class="empty">No messages yet. Sign up or ask for a reset link and the email shows up here.</p>';
      return reply.type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Verigate mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f6fb;color:#1f2937}main{max-width:760px;margin:0 auto;padding:24px 12px}h1{font-size:22px}
article{background:#fff;border-radius:8px;margin:0 0 16px;box-shadow:0 1px 3px #0002;overflow:hidden}header{display:flex;flex-wrap:wrap;gap:8px;justify-content:space-between;padding:12px 16px;border-bottom:1px solid #e5e7eb}
header span{color:#6b7280;font-size:13px}iframe{width:100%;height:460px;border:0}.empty{color:#6b7280}</style></head>
<body><main><h1>Local mailbox</h1><p>Mail Verigate sent while no SMTP server is configured, newest first. <a href="/dev/mailbox">Refresh</a></p>${body}</main></body></html>`);
    },
  );
};
