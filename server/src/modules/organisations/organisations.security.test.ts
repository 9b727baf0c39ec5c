import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { kycDocuments, kycSubmissions, memberships } from '../../db/schema.js';
import { ALLOWLISTED, createTestServer, organisationBody, type TestServer } from '../../test/harness.js';
import { multipart, pdf } from '../../test/multipart.js';

let server: TestServer;
let owner: { token: string; userId: string };
let orgId: string;
const logLines: string[] = [];

const KYC = {
  bankAccountNumber: '918273645501',
  gstinNumber: '29AAACR5055K1Z2',
  ifsc: 'HDFC0001234',
  authorName: 'Meera Iyer',
  designation: 'Director',
  registrationDocumentType: 'CIN',
};
const FILE_SECRET = 'PLANTED-FILE-SECRET-7f3a9c';

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  server = await createTestServer({ LOG_LEVEL: 'info' }, { logStream });
  owner = await server.signedInUser(ALLOWLISTED[0]!);
  orgId = await server.createOrganisation(owner.token);
});
afterAll(() => server.close());

async function uploadKyc(fields: Record<string, string>, files: Array<{ field: string; name: string; content: Buffer }>) {
  const form = multipart(fields, files);
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/organisation/${orgId}/kyc`,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': form.contentType },
    payload: form.body,
  });
  return { status: response.statusCode, body: response.json() };
}
const pdfs = (gstinName = 'gstin.pdf') => [
  { field: 'gstinCertificate', name: gstinName, content: pdf(FILE_SECRET) },
  { field: 'registrationDocument', name: 'cin.pdf', content: pdf('registration') },
];
const stored = async () =>
  (await server.db.select({ n: count() }).from(kycSubmissions))[0]!.n + (await server.db.select({ n: count() }).from(kycDocuments))[0]!.n;

describe('ids and text that cannot reach the database', () => {
  const badOrgIds = ['-'.repeat(36), 'a'.repeat(36), `{${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}}`, '00000000000040008000000000000000', 'not-a-uuid'];
  const organisationCalls: Array<[string, string, unknown?]> = [
    ['GET', '/api/app'],
    ['POST', '/api/app', { name: 'Another App' }],
    ['GET', '/api/product'],
    ['POST', '/api/events?action=send_otp', { purpose: 'step_up' }],
    ['POST', '/api/events?action=resend_otp', { relay_id: '00000000-0000-4000-8000-000000000000' }],
    ['POST', '/api/events?action=account_activation_request', {}],
    ['GET', '/api/app/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/api/app/00000000-0000-4000-8000-000000000000?action=generate_app_key', { keyName: 'Key' }],
    ['DELETE', '/api/app/00000000-0000-4000-8000-000000000000'],
  ];

  it('an x-org-id that is not a UUID is a 400 on every call that reads it', async () => {
    for (const orgIdHeader of badOrgIds) {
      for (const [method, url, body] of organisationCalls) {
        const reply = await server.request(method, url, { token: owner.token, headers: { 'x-org-id': orgIdHeader }, ...(body ? { body } : {}) });
        expect(reply.status, `${method} ${url} x-org-id ${orgIdHeader}`).toBe(400);
        expect(reply.body.err).toMatchObject({ status: 400, code: 'bad_request', message: 'x-org-id must be an organisation id' });
      }
    }
  });

  it('a NUL byte in a KYC file name or field is a 400 and stores nothing', async () => {
    const before = await stored();
    const nulName = await uploadKyc(KYC, pdfs('gst\u0000in.pdf'));
    expect(nulName.status).toBe(400);
    expect(nulName.body.err.message).toBe('File name is not valid');
    const longName = await uploadKyc(KYC, pdfs(`${'a'.repeat(250)}.pdf`));
    expect(longName.body.err.message).toBe('File name is not valid');
    const nulField = await uploadKyc({ ...KYC, designation: 'Dir\u0000ector' }, pdfs());
    expect(nulField.status).toBe(400);
    expect(await stored()).toBe(before);
  });

  it('a NUL byte in a JSON body or a path is a 400', async () => {
    const body = await organisationBody(server, { trade_name: 'Acme\u0000Finance' });
    const created = await server.request('POST', '/api/organisation', { token: owner.token, body });
    expect(created.status).toBe(400);
    expect(created.body.err.message).toBe('Text must not contain NUL characters');
    const path = await server.request('GET', '/api/user/verify-email/abc%00def');
    expect(path.status).toBe(400);
    expect(path.body.err.message).toBe('Text must not contain NUL characters');
  });
});

describe('the log of a failing query', () => {
  it('names the error’s class and code, never the uploaded file’s bytes or the submitted details', async () => {
    const logged = logLines.length;
    await server.db.execute(sql.raw('alter table kyc_documents add constraint planted_failure check (size_bytes < 0)'));
    const documentsFail = await uploadKyc(KYC, pdfs());
    await server.db.execute(sql.raw('alter table kyc_documents drop constraint planted_failure'));
    await server.db.execute(sql.raw(`alter table kyc_submissions add constraint planted_failure check (fields->>'designation' <> 'Director')`));
    const submissionFails = await uploadKyc(KYC, pdfs());
    await server.db.execute(sql.raw('alter table kyc_submissions drop constraint planted_failure'));

    for (const reply of [documentsFail, submissionFails]) {
      expect(reply.status).toBe(500);
      expect(reply.body.err).toEqual({ status: 500, code: 'internal', message: 'Something went wrong!' });
    }
    const failures = logLines.slice(logged).filter((line) => line.includes('request failed'));
    expect(failures).toHaveLength(2);
    for (const line of failures) expect(JSON.parse(line).err).toMatchObject({ type: 'DrizzleQueryError', code: '23514' });

    const everything = logLines.join('\n');
    const fileBytes = pdf(FILE_SECRET);
    for (const secret of [
      FILE_SECRET,
      fileBytes.toString('hex'),
      fileBytes.toString('base64'),
      String(fileBytes.subarray(0, 8).toJSON().data),
      KYC.bankAccountNumber,
      KYC.gstinNumber,
      'gstin.pdf',
      owner.token,
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/params|Failing row/i);
  });
});

describe('creating the organisation', () => {
  it('gives a user one organisation when ten creations arrive at once', async () => {
    const { token, userId } = await server.signedInUser(ALLOWLISTED[2]!);
    const body = await organisationBody(server);
    const replies = await Promise.all(Array.from({ length: 10 }, () => server.request('POST', '/api/organisation', { token, body })));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    const refused = replies.filter((reply) => reply.status !== 200);
    expect(refused.map((reply) => [reply.status, reply.body.err.message])).toEqual(Array(9).fill([409, 'You already belong to an organisation']));
    const [owned] = await server.db.select({ n: count() }).from(memberships).where(eq(memberships.userId, userId));
    expect(owned!.n).toBe(1);
  });
});
