import type { KycFields, MessageResponse } from '@verigate/contracts';
import { apiUpload, orThrow } from '@/lib/api/client';

export interface KycFiles {
  gstinCertificate: File;
  registrationDocument: File;
}

/** POST /organisation/{id}/kyc: the kycFields as text fields plus the two PDFs, as multipart/form-data. */
export async function submitKyc(organisationId: string, fields: KycFields, files: KycFiles): Promise<MessageResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('gstinCertificate', files.gstinCertificate, files.gstinCertificate.name);
  form.append('registrationDocument', files.registrationDocument, files.registrationDocument.name);
  return orThrow(await apiUpload<MessageResponse>(`/organisation/${encodeURIComponent(organisationId)}/kyc`, form));
}
