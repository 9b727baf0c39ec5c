import { connect } from 'node:net';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MESSAGES, unknownColumnsMessage } from '@verigate/contracts';
import { batchMember, dataDir, PAN_LITE, type BatchMember } from '../../test/batch-support.js';
import { ALLOWLISTED, createTestServer, TEST_ADMIN_TOKEN, type TestServer } from '../../test/harness.js';

/** A small upload limit for this test; production keeps 100 MB (BATCH_MAX_FILE_BYTES). */
const LIMIT = 1024 * 1024;
/** Far more than the socket buffers hold, so a server that stopped reading would stall the sender. */
const BODY_BYTES = 24 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
/** How long the sender waits for the answer a quarter of the way in; a server that answers only after the whole body is read never does. */
const ANSWER_WAIT_MS = 20_000;

let server: TestServer;
let folder: string;
let base: string;
let asha: BatchMember;

beforeAll(async () => {
  folder = await dataDir();
  server = await createTestServer({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, DATA_DIR: folder, BATCH_MAX_FILE_BYTES: String(LIMIT) });
  asha = await batchMember(server, ALLOWLISTED[0]!, [PAN_LITE]);
  base = await server.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

interface Sent {
  status: number;
  body: { err?: { message?: string } };
  /** Whether the answer came while the body was still being sent. */
  answeredWhileSending: boolean;
  /** Bytes of the body written by then. */
  writtenWhenAnswered: number;
}

/**
 * createTask as a browser streams a large file: the fields, then the CSV in chunks with a pause
 * between them, honouring back-pressure. A quarter of the way in, the sender gives the server up to
 * ANSWER_WAIT_MS to answer, as a slow connection would: how far the upload got by the answer then
 * depends on the server, not on how busy the machine is. The whole body is sent (as a browser does
 * before it reads an answer), so the server must keep reading after it has refused the upload.
 */
async function streamUpload(who: BatchMember, firstLine: string): Promise<Sent> {
  const boundary = '----verigateslow';
  const head = Buffer.from(
    [
      ...Object.entries({ batch_name: 'Big run', batch_type: PAN_LITE, user_email: who.email, org_id: who.orgId }).map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
      `--${boundary}\r\nContent-Disposition: form-data; name="upload_file"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n${firstLine}\n`,
    ].join(''),
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const row = Buffer.from('ABCPE1234F,,\n');
  const rows = Math.floor((BODY_BYTES - head.length - tail.length) / row.length);
  const chunk = Buffer.concat(Array.from({ length: CHUNK_BYTES / row.length }, () => row));
  const bodyBytes = head.length + rows * row.length + tail.length;

  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let written = 0;
  let text = '';
  let writtenWhenAnswered: number | null = null;
  const answered = new Promise<void>((resolve, reject) => {
    socket.on('data', (data: Buffer) => {
      writtenWhenAnswered ??= written;
      text += data.toString();
      const [head, body = ''] = text.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(head!)?.[1] ?? NaN);
      if (Buffer.byteLength(body) >= length) resolve();
    });
    socket.once('error', reject);
  });
  const write = (data: Buffer) =>
    new Promise<void>((done, reject) => {
      written += data.length;
      if (socket.destroyed) return reject(new Error('the server closed the connection'));
      if (socket.write(data)) setTimeout(done, 1);
      else socket.once('drain', () => done());
    });
  try {
    await write(
      Buffer.from(
        [
          `POST /api/productBatchService/createTask HTTP/1.1`,
          `host: ${url.host}`,
          `authorization: Bearer ${who.token}`,
          `content-type: multipart/form-data; boundary=${boundary}`,
          `content-length: ${bodyBytes}`,
          '',
          '',
        ].join('\r\n'),
      ),
    );
    const headBytes = written;
    await write(head);
    let left = rows * row.length;
    let waitedForAnswer = false;
    while (left > 0) {
      if (!waitedForAnswer && written - headBytes >= bodyBytes / 4) {
        waitedForAnswer = true;
        let wait: NodeJS.Timeout | undefined;
        await Promise.race([answered, new Promise((resolve) => (wait = setTimeout(resolve, ANSWER_WAIT_MS)))]);
        clearTimeout(wait);
      }
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      await write(part);
      left -= part.length;
    }
    await write(tail);
    await answered;
    const [head0, body = ''] = text.split('\r\n\r\n');
    return {
      status: Number(head0!.split(' ')[1]),
      body: JSON.parse(body) as Sent['body'],
      answeredWhileSending: writtenWhenAnswered !== null && writtenWhenAnswered - headBytes < bodyBytes,
      writtenWhenAnswered: (writtenWhenAnswered ?? written) - headBytes,
    };
  } finally {
    socket.destroy();
  }
}

describe('a refused upload of a large file', () => {
  it('is answered while the browser is still sending it, and the rest of the body is read', async () => {
    const sent = await streamUpload(asha, 'customer_pan_number,customer_dob,name_to_match,shoe_size');
    expect(sent.status).toBe(400);
    expect(sent.body.err?.message).toBe(unknownColumnsMessage(['shoe_size']));
    expect(sent.answeredWhileSending).toBe(true);
    expect(sent.writtenWhenAnswered).toBeLessThan(BODY_BYTES / 2);
  }, 30_000);

  it('over the size limit: answered the same way', async () => {
    const sent = await streamUpload(asha, 'customer_pan_number,customer_dob,name_to_match');
    expect(sent.status).toBe(413);
    expect(sent.body.err?.message).toBe(BATCH_MESSAGES.fileTooLarge);
    expect(sent.answeredWhileSending).toBe(true);
    expect(sent.writtenWhenAnswered).toBeLessThan(BODY_BYTES / 2);
  }, 30_000);
});
