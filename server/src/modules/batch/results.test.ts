import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openResults, resultLine } from './results.js';

const COLUMNS = ['customer_pan_number', 'name_to_match'];
const HEADER = 'customer_pan_number,name_to_match,response_code,status,message,result\n';
const ok = (pan: string) => resultLine([pan, 'Asha, "A" Rao\nJr'], { responseCode: 100, status: 'SUCCESS', message: 'Valid Authentication', result: { pan } });
const miss = (pan: string) => resultLine([pan, ''], { responseCode: 101, status: 'FAILURE', message: 'No Record Found', result: null });

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'verigate-results-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('results file', () => {
  it('keeps each row on one line, quoting cells and turning line breaks into spaces', () => {
    expect(ok('ABCPE1234F')).toBe('ABCPE1234F,"Asha, ""A"" Rao Jr",100,SUCCESS,Valid Authentication,"{""pan"":""ABCPE1234F""}"\n');
    expect(miss('ABCPE1234F')).toBe('ABCPE1234F,,101,FAILURE,No Record Found,\n');
  });

  it('starts with the header when nothing was saved', async () => {
    const file = path.join(folder, 'fresh.csv');
    await writeFile(file, 'left over by a crash before the first checkpoint');
    const opened = await openResults(file, { resultsBytes: 0, totalProcessed: 0, totalCompleted: 0 }, COLUMNS);
    await opened.file.close();
    expect(opened).toMatchObject({ rows: 0, completed: 0, bytes: HEADER.length });
    expect(await readFile(file, 'utf8')).toBe(HEADER);
  });

  it('resumes after the checkpoint: complete lines written since are kept and counted, a partial last line is cut', async () => {
    const file = path.join(folder, 'resumed.csv');
    const saved = HEADER + ok('ABCPE1001F');
    const after = ok('ABCPE1002F') + miss('ABCPE1003F');
    await writeFile(file, saved + after + ok('ABCPE1004F').slice(0, 20));
    const opened = await openResults(file, { resultsBytes: Buffer.byteLength(saved), totalProcessed: 1, totalCompleted: 1 }, COLUMNS);
    await opened.file.close();
    expect(opened).toMatchObject({ rows: 3, completed: 2, bytes: Buffer.byteLength(saved + after) });
    expect(await readFile(file, 'utf8')).toBe(saved + after);
  });
});
