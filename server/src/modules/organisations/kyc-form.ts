import type { FastifyRequest } from 'fastify';
import { KYC_FILE_FIELDS, KYC_MESSAGES, kycFields, kycFileName, type KycFields } from '@verigate/contracts';
import { AppError } from '../../platform/errors.js';
import { firstIssue, holdsNul, NUL_MESSAGE } from '../../platform/validation.js';
import type { KycUpload } from './service.js';

/**
 * Reads the KYC form (multipart/form-data): its text fields checked by the contract, and exactly
 * one PDF (by name and by its `%PDF-` signature) for each file field, under the size limit.
 */
export async function readKycForm(request: FastifyRequest): Promise<{ fields: KycFields; files: KycUpload[] }> {
  if (!request.isMultipart()) throw new AppError('bad_request', 'Send the KYC form as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: KycUpload[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (holdsNul(part.value)) throw new AppError('bad_request', NUL_MESSAGE);
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (!(KYC_FILE_FIELDS as readonly string[]).includes(part.fieldname)) throw new AppError('bad_request', `Unexpected file ${part.fieldname}`);
      const fileName = kycFileName.safeParse(part.filename);
      if (!fileName.success) throw firstIssue(fileName.error);
      const content = await part.toBuffer();
      if (part.file.truncated) throw new AppError('bad_request', KYC_MESSAGES.tooLarge);
      const isPdf = part.filename.toLowerCase().endsWith('.pdf') && content.subarray(0, 5).toString('latin1') === '%PDF-';
      if (!isPdf) throw new AppError('bad_request', KYC_MESSAGES.notPdf);
      files.push({ kind: part.fieldname as KycUpload['kind'], fileName: fileName.data, content });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('bad_request', KYC_MESSAGES.tooLarge);
    throw new AppError('bad_request', KYC_MESSAGES.incomplete);
  }
  const parsed = kycFields.safeParse(fields);
  if (!parsed.success) throw firstIssue(parsed.error);
  for (const kind of KYC_FILE_FIELDS) {
    if (files.filter((file) => file.kind === kind).length !== 1)
      throw new AppError('bad_request', KYC_MESSAGES.fileMissing, [{ path: kind, message: KYC_MESSAGES.fileMissing }]);
  }
  return { fields: parsed.data, files };
}
