import { actionEmail, type MailMessage } from '../../platform/mail.js';

const BATCH_PATH = '/application/batch-service';

/** A batch reached FINISHED (every row ran, or it was stopped): its results are ready to download. */
export function batchFinishedEmail(
  to: string,
  publicUrl: string,
  batch: { name: string; totalProcessed: number; totalItems: number; stopped: boolean },
): MailMessage {
  return actionEmail({
    to,
    subject: `Your Verigate batch ${batch.name} has finished`,
    greeting: 'Hello,',
    lines: [
      batch.stopped
        ? `Your batch ${batch.name} was stopped after ${batch.totalProcessed} of ${batch.totalItems} rows.`
        : `Your batch ${batch.name} has run all ${batch.totalItems} rows.`,
      'Its results file is ready to download from Batch Service.',
    ],
    action: { label: 'Open Batch Service', url: `${publicUrl}${BATCH_PATH}` },
    footer: 'You get this email when a batch you created finishes.',
  });
}
