import { BATCH_DATE_FORMAT, batchProgress, type BatchState, type BatchTask } from '@verigate/contracts';
import dayjs from 'dayjs';

/** The border colour of each state (seed 001 §2: red, green, violet, yellow). */
export const STATE_COLOUR: Record<BatchState, 'red' | 'green' | 'violet' | 'yellow'> = {
  ERROR: 'red',
  FINISHED: 'green',
  RUNNING: 'violet',
  PAUSED: 'yellow',
  'Waiting for approval': 'yellow',
};

/** 2 of 3 rows → '66.66%': the contract's progress, always with two decimals. */
export const formatProgress = (task: Pick<BatchTask, 'totalProcessed' | 'totalItems'>): string => `${batchProgress(task).toFixed(2)}%`;

/** created_at / updated_at (epoch ms) → 'DD/MM/YYYY, HH:mm:ss' in the viewer's time zone. */
export const formatBatchDate = (epochMs: number): string => dayjs(epochMs).format(BATCH_DATE_FORMAT);

/** A batch that can still move: the list keeps asking for progress while one is shown. */
export const isActive = (task: Pick<BatchTask, 'batchState'>): boolean => task.batchState !== 'FINISHED' && task.batchState !== 'ERROR';
