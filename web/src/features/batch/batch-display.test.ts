import { canDownloadBatch, canStopBatch, type BatchState } from '@verigate/contracts';
import { describe, expect, it } from 'vitest';
import { STATE_COLOUR, formatBatchDate, formatProgress, isActive } from './batch-display';

describe('a batch card’s figures', () => {
  it('shows progress with two decimals', () => {
    expect(formatProgress({ totalProcessed: 0, totalItems: 0 })).toBe('0.00%');
    expect(formatProgress({ totalProcessed: 1, totalItems: 4 })).toBe('25.00%');
    expect(formatProgress({ totalProcessed: 2, totalItems: 3 })).toBe('66.66%');
    expect(formatProgress({ totalProcessed: 999_999, totalItems: 1_000_000 })).toBe('99.99%');
    expect(formatProgress({ totalProcessed: 7, totalItems: 7 })).toBe('100.00%');
  });

  it('shows dates as DD/MM/YYYY, HH:mm:ss in local time', () => {
    const local = new Date(2026, 0, 5, 9, 7, 3).getTime();
    expect(formatBatchDate(local)).toBe('05/01/2026, 09:07:03');
    expect(formatBatchDate(new Date(2025, 11, 31, 23, 59, 59).getTime())).toBe('31/12/2025, 23:59:59');
  });

  it('colours the border red, green, violet or yellow by state', () => {
    expect(STATE_COLOUR).toEqual({ ERROR: 'red', FINISHED: 'green', RUNNING: 'violet', PAUSED: 'yellow', 'Waiting for approval': 'yellow' });
  });

  it('keeps polling only while a batch can still move', () => {
    const active = (state: BatchState) => isActive({ batchState: state });
    expect(['Waiting for approval', 'RUNNING', 'PAUSED'].map((state) => active(state as BatchState))).toEqual([true, true, true]);
    expect(active('FINISHED')).toBe(false);
    expect(active('ERROR')).toBe(false);
  });
});

describe('Download and Stop (seed 001 §4)', () => {
  const task = (batchState: BatchState, totalProcessed: number, totalItems = 1000) => ({ batchState, totalProcessed, totalItems });

  it('offers Download only when FINISHED', () => {
    expect(canDownloadBatch(task('FINISHED', 1000))).toBe(true);
    for (const state of ['Waiting for approval', 'RUNNING', 'PAUSED', 'ERROR'] as const) expect(canDownloadBatch(task(state, 1000))).toBe(false);
  });

  it('offers Stop only above 90 % while RUNNING or PAUSED', () => {
    expect(canStopBatch(task('RUNNING', 901))).toBe(true);
    expect(canStopBatch(task('PAUSED', 950))).toBe(true);
    expect(canStopBatch(task('RUNNING', 900))).toBe(false);
    expect(canStopBatch(task('PAUSED', 500))).toBe(false);
    expect(canStopBatch(task('Waiting for approval', 990))).toBe(false);
    expect(canStopBatch(task('FINISHED', 1000))).toBe(false);
    expect(canStopBatch(task('ERROR', 995))).toBe(false);
  });
});
