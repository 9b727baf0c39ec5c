import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AUDIT_LOG_MESSAGES, AUDIT_LOG_PAGE_SIZE, PERMISSION_MESSAGES, logRetentionPath, todayIn } from '@verigate/contracts';
import { auditEvents, memberships } from '../../db/schema.js';
import { ALLOWLISTED, createTestServer, type TestServer } from '../../test/harness.js';

let server: TestServer;
let owner: { token: string; userId: string };
let orgId: string;
let viewer: { token: string; userId: string };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

beforeAll(async () => {
  server = await createTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  owner = await server.signedInUser(ALLOWLISTED[0]!);
  orgId = await server.createOrganisation(owner.token);
  viewer = await server.signedInUser(ALLOWLISTED[1]!);
  await server.db.insert(memberships).values({ userId: viewer.userId, organisationId: orgId, role: 'viewer' });
  // Both signed in before they belonged to the organisation; these sign-ins come after.
  owner.token = (await server.login(ALLOWLISTED[0]!)).body.data.token;
  viewer.token = (await server.login(ALLOWLISTED[1]!)).body.data.token;
  const invited = await server.request('POST', '/api/members/invitations', {
    token: owner.token,
    headers: { 'user-agent': FIREFOX },
    remoteAddress: '203.0.113.20',
    body: { email: 'dev@acme-finance.in', role: 'developer' },
  });
  expect(invited.status).toBe(200);
  await server.request('PUT', `/api/members/${viewer.userId}`, { token: owner.token, body: { role: 'finance' } });
}, 120_000);

afterAll(() => server?.close());

const read = (query = '', token = owner.token) => server.request('GET', `/api/audit-log${query}`, { token });

describe('the audit log', () => {
  it("shows the organisation's changes and its members' sign-ins, newest first, with who, address and browser", async () => {
    const page = await read();
    expect(page.status).toBe(200);
    const actions = page.body.data.entries.map((entry: { action: string }) => entry.action);
    expect(actions.slice(0, 2)).toEqual(['member.role_changed', 'member.invited']);
    expect(actions).toContain('user.signed_in');
    const invited = page.body.data.entries.find((entry: { action: string }) => entry.action === 'member.invited');
    expect(invited).toMatchObject({
      actor: ALLOWLISTED[0],
      ip: '203.0.113.20',
      browser: 'Firefox on Linux',
      details: { email: 'dev@acme-finance.in', role: 'developer' },
    });
    const changed = page.body.data.entries[0];
    expect(changed.details).toEqual({ member: ALLOWLISTED[1], before: { role: 'viewer' }, after: { role: 'finance' } });
  });

  it("shows a member's own rows only from when they joined the organisation", async () => {
    const signIns = await read(`?member=${viewer.userId}&action=user.signed_in`);
    expect(signIns.body.data.entries).toHaveLength(1);
    const all = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actor, `user:${viewer.userId}`), eq(auditEvents.action, 'user.signed_in')));
    expect(all).toHaveLength(2);
  });

  it('filters by member, by action or family of actions, and by dates', async () => {
    const family = await read('?action=member');
    expect(family.body.data.entries.map((entry: { action: string }) => entry.action)).toEqual(['member.role_changed', 'member.invited']);
    const mine = await read(`?member=${viewer.userId}`);
    expect(mine.body.data.entries.length).toBeGreaterThan(0);
    expect(mine.body.data.entries.every((entry: { actor: string }) => entry.actor === ALLOWLISTED[1])).toBe(true);
    expect((await read('?action=member.invited')).body.data.entries).toHaveLength(1);
    expect((await read('?start_date=2020-01-01&end_date=2020-01-31')).body.data.entries).toEqual([]);
    const tooLong = await read('?start_date=2020-01-01&end_date=2021-06-30');
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify((await read('?action=DROP TABLE')).body.err)).toContain(AUDIT_LOG_MESSAGES.invalidAction);
    expect((await read('?cursor=nope')).status).toBe(400);
  });

  it('pages with a cursor, every row once', async () => {
    await server.db.insert(auditEvents).values(
      Array.from({ length: AUDIT_LOG_PAGE_SIZE + 5 }, (_, index) => ({
        actor: `user:${owner.userId}`,
        organisationId: orgId,
        action: 'key.created',
        details: { key: `k${index}` },
      })),
    );
    const first = await read('?action=key.created');
    expect(first.body.data.entries).toHaveLength(AUDIT_LOG_PAGE_SIZE);
    const second = await read(`?action=key.created&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data.entries).toHaveLength(5);
    expect(second.body.data.next_cursor).toBeNull();
    const keys = [...first.body.data.entries, ...second.body.data.entries].map((entry: { details: { key: string } }) => entry.details.key);
    expect(new Set(keys).size).toBe(AUDIT_LOG_PAGE_SIZE + 5);
  });

  it('exports the filtered rows as CSV, a cell with commas or quotes quoted', async () => {
    await server.db
      .insert(auditEvents)
      .values({ actor: `user:${owner.userId}`, organisationId: orgId, action: 'app.created', details: { name: 'Acme, "Payments"' } });
    const csv = await server.request('GET', '/api/audit-log.csv?action=app', { token: owner.token });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, row, ...rest] = (csv.body as string).trim().split('\n');
    expect(header).toBe('time,actor,action,address,browser,details');
    expect(rest).toEqual([]);
    expect(row).toContain(`,${ALLOWLISTED[0]},app.created,`);
    expect(row!.endsWith(`"${JSON.stringify({ name: 'Acme, "Payments"' }).replace(/"/g, '""')}"`)).toBe(true);
  });

  it('records each webhook change once, in its transaction, with who made it and the before and after, never the query of a URL', async () => {
    const call = (method: string, url: string, body?: unknown) =>
      server.request(method, `/api/webhooks${url}`, { token: owner.token, ...(body === undefined ? {} : { body }) });
    const created = await call('POST', '/endpoints', { url: 'http://127.0.0.1:9/hooks?token=receiver-secret', events: ['key.created'] });
    expect(created.status).toBe(200);
    const id = created.body.data.id as string;
    expect((await call('PATCH', `/endpoints/${id}`, { enabled: false })).status).toBe(200);
    expect((await call('POST', `/endpoints/${id}/rotate-secret`, { overlap: 'now' })).status).toBe(200);
    expect((await call('PATCH', `/endpoints/${id}`, { url: 'not a url' })).status).toBe(400);
    expect((await call('DELETE', `/endpoints/${id}`)).status).toBe(200);
    const entries = (await read('?action=webhook')).body.data.entries as Array<{ action: string; actor: string; details: Record<string, any> }>;
    expect(entries.map((entry) => entry.action)).toEqual([
      'webhook.endpoint_deleted',
      'webhook.secret_rotated',
      'webhook.endpoint_updated',
      'webhook.endpoint_created',
    ]);
    expect(entries.every((entry) => entry.actor === ALLOWLISTED[0] && entry.details.endpoint_id === id)).toBe(true);
    expect(entries[2]!.details.before.enabled).toBe(true);
    expect(entries[2]!.details.after.enabled).toBe(false);
    expect(entries[3]!.details.url).toBe('http://127.0.0.1:9/hooks');
    expect(JSON.stringify(entries)).not.toContain('receiver-secret');
  });

  it('records each export, with its filters: the audit log, the usage report and the ledger', async () => {
    await server.request('GET', '/api/audit-log.csv?action=member', { token: owner.token });
    const [exported] = (await read('?action=audit_log.exported')).body.data.entries;
    expect(exported).toMatchObject({ actor: ALLOWLISTED[0], details: { filters: { action: 'member', tz: 'Asia/Kolkata' }, rows: 2 } });

    const today = todayIn('Asia/Kolkata', server.clock.now());
    const usage = await server.request('GET', `/api/organisation/${orgId}/usage-report.csv?start_date=${today}&end_date=${today}`, { token: owner.token });
    expect(usage.status).toBe(200);
    const [usageExport] = (await read('?action=usage.exported')).body.data.entries;
    expect(usageExport).toMatchObject({ actor: ALLOWLISTED[0], details: { filters: { start_date: today, end_date: today }, rows: 0 } });
    await server.request('GET', `/api/ledger.csv?start_date=${today}&end_date=${today}`, { token: owner.token });
    const [ledgerExport] = (await read('?action=billing.ledger_exported')).body.data.entries;
    expect(ledgerExport).toMatchObject({ actor: ALLOWLISTED[0], details: { start_date: today, end_date: today } });
  });

  it('is for owners and admins only, and shows nothing of another organisation', async () => {
    const refused = await read('', viewer.token);
    expect(refused.status).toBe(403);
    expect(refused.body.err.message).toBe(PERMISSION_MESSAGES.refused('finance'));
    const stranger = await server.signedInUser(ALLOWLISTED[2]!);
    await server.createOrganisation(stranger.token, { name: 'Stranger Org' });
    const theirs = await read('', stranger.token);
    expect(theirs.body.data.entries.some((entry: { action: string }) => entry.action.startsWith('member.'))).toBe(false);
    expect((await server.request('GET', '/api/audit-log', { token: stranger.token, headers: { 'x-org-id': orgId } })).status).toBe(404);
  });

  it('records the address and browser of the request that made each change, whichever module made it', async () => {
    const entries = () =>
      server.db
        .select({ id: auditEvents.id, action: auditEvents.action, clientIp: auditEvents.clientIp, userAgent: auditEvents.userAgent })
        .from(auditEvents)
        .where(eq(auditEvents.organisationId, orgId));
    const before = new Set((await entries()).map((entry) => entry.id));
    const from = { token: owner.token, headers: { 'user-agent': FIREFOX }, remoteAddress: '198.51.100.44' };
    const changes = [
      await server.request('POST', '/api/webhooks/endpoints', { ...from, body: { url: 'http://127.0.0.1:9/origin', events: ['key.created'] } }),
      await server.request('POST', '/api/requests', { ...from, body: { request_type: 'CUSTOM_PLAN_REQUEST' } }),
      await server.request('PUT', `/api${logRetentionPath(orgId)}`, { ...from, body: { retention_days: 90 } }),
      await server.request('PUT', `/api/members/${viewer.userId}`, { ...from, body: { role: 'developer' } }),
      await server.request('GET', '/api/audit-log.csv?action=member', from),
    ];
    expect(changes.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const written = (await entries()).filter((entry) => !before.has(entry.id));
    expect(written.map((entry) => entry.action).sort()).toEqual([
      'audit_log.exported',
      'member.role_changed',
      'organisation.log_retention_updated',
      'request.created',
      'webhook.endpoint_created',
    ]);
    expect(written.every((entry) => entry.clientIp === '198.51.100.44' && entry.userAgent === FIREFOX)).toBe(true);
  });
});
