import { duplicateColumnsMessage, missingColumnsMessage, unknownColumnsMessage } from '@verigate/contracts';

/** How much of the file is read to find its header: any real header ends well within it. */
const HEADER_WINDOW_BYTES = 64 * 1024;

/** The cells of a CSV line (RFC 4180 quoting); null when the window holds no complete line. */
export function headerCells(text: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      cells.push(cell);
      return cells;
    } else cell += char;
  }
  return null;
}

/** The header of a CSV file, read from its first bytes (never the whole file). */
export function readHeader(file: Blob): Promise<string[] | null> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(headerCells(String(reader.result))));
    reader.addEventListener('error', () => reject(reader.error ?? new Error('The file could not be read')));
    reader.readAsText(file.slice(0, HEADER_WINDOW_BYTES));
  });
}

/**
 * The message for a header the batch type refuses, in the server's order (missing, unknown, then
 * repeated columns), or null. Checked before the upload so a large file with the wrong columns is
 * refused at once; the server checks again as the file streams in.
 */
export async function headerProblem(arn: string, header: readonly string[]): Promise<string | null> {
  // The catalog is large: it loads only when a batch is about to be sent.
  const { batchHeaderProblems, productByArn } = await import('@verigate/catalog');
  const product = productByArn(arn);
  if (!product) return null;
  const problems = batchHeaderProblems(product, header);
  if (problems.missing.length > 0) return missingColumnsMessage(problems.missing);
  if (problems.unknown.length > 0) return unknownColumnsMessage(problems.unknown);
  if (problems.duplicate.length > 0) return duplicateColumnsMessage(problems.duplicate);
  return null;
}
