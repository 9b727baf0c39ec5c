import { hash } from 'node:crypto';

/**
 * The task id of a batch row: derived from the batch id and the row number (as a name-based
 * UUIDv5 is), so a row run again after a crash carries the task id it had, and its recorded call
 * is found. Written in the version-4 layout because the provider API's task ids are UUIDv4
 * (seed 001 §9).
 */
export function rowTaskId(batchId: string, row: number): string {
  const bytes = hash('sha256', `verigate-batch:${batchId.toLowerCase()}:${row}`, 'buffer').subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
