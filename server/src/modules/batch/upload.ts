import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { parse } from 'csv-parse';
import { BATCH_MESSAGES } from '@verigate/contracts';
import { AppError } from '../../platform/errors.js';
import { holdsNul, NUL_MESSAGE } from '../../platform/validation.js';
import { CSV_OPTIONS } from './files.js';

const UPLOAD_FIELD = 'upload_file';

interface ReceivedUpload {
  /** The form's text fields. */
  fields: Record<string, string>;
  /** false when the form had no file part. */
  hasFile: boolean;
  /** The CSV's first record. */
  header: string[] | null;
  /** Records after the header. */
  rows: number;
}

interface UploadChecks {
  /** Runs when the file part begins, with the fields sent before it; throws to refuse the upload. */
  beforeFile: (fields: Record<string, string>) => Promise<void>;
  /** The refusal a header earns, or null. */
  checkHeader: (header: readonly string[]) => AppError | null;
}

/**
 * Stops parsing the form and lets the rest of the body flow away unread. A browser sends the whole
 * body before it reads an answer, so a refusal left unread would never reach it; REQUEST_TIMEOUT_MS
 * still bounds a body that never ends.
 */
function discardRest(request: FastifyRequest): void {
  request.raw.unpipe();
  request.raw.resume();
}

/**
 * Reads createTask's multipart form, streaming its CSV to `target` (never held in memory): the
 * fields sent before the file are checked when it begins, the size limit is enforced as the bytes
 * arrive, the header is checked as soon as it is parsed and rows are counted on the way.
 * Any refusal ends the upload at once: the rest of the request body is read and discarded, so the
 * client (a browser still sending) receives the refusal; the caller removes the partial file.
 */
export async function receiveUpload(
  request: FastifyRequest,
  target: string,
  maxBytes: number,
  { beforeFile, checkHeader }: UploadChecks,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError('bad_request', BATCH_MESSAGES.fileRequired);
  const fields: Record<string, string> = {};
  let hasFile = false;
  let header: string[] | null = null;
  let records = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (holdsNul(String(part.value))) throw new AppError('bad_request', NUL_MESSAGE);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== UPLOAD_FIELD || hasFile) throw new AppError('bad_request', `Unexpected file ${part.fieldname}`);
      hasFile = true;
      await beforeFile(fields);
      if (!/\.csv$/i.test(part.filename)) throw new AppError('bad_request', BATCH_MESSAGES.csvOnly);

      const parser = parse(CSV_OPTIONS);
      let parseError: AppError | null = null;
      parser.on('data', (record: string[]) => {
        records += 1;
        if (records > 1) return;
        header = record;
        parseError = checkHeader(record);
      });
      parser.on('error', () => (parseError ??= new AppError('bad_request', BATCH_MESSAGES.invalidCsv)));
      let bytes = 0;
      const checked = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          if (bytes > maxBytes) return done(new AppError('payload_too_large', BATCH_MESSAGES.fileTooLarge));
          parser.write(chunk);
          done(parseError, chunk);
        },
        flush(done) {
          parser.end();
          parser.once('end', () => done(parseError));
          parser.once('error', () => done(parseError));
        },
      });
      await pipeline(part.file, checked, createWriteStream(target, { flags: 'wx' }));
    }
  } catch (error) {
    discardRest(request);
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('payload_too_large', BATCH_MESSAGES.fileTooLarge);
    throw new AppError('bad_request', BATCH_MESSAGES.invalidCsv);
  }
  return { fields, hasFile, header, rows: Math.max(0, records - 1) };
}
