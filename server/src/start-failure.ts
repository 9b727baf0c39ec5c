/**
 * Why a start failed, in one sentence for the person who ran `npm start`: the cause and what to
 * do about it. Stack traces help nobody who only wanted the portal to run.
 */

/** A start failure already worded as that sentence. */
export class StartFailure extends Error {}

/** What the server was doing when it failed; it names the cause when the error itself does not. */
export type StartStep = 'configuration' | 'embedded-postgres' | 'database' | 'reference-data' | 'app' | 'listen';

const doing: Record<StartStep, string> = {
  configuration: 'reading the configuration',
  'embedded-postgres': 'starting the embedded PostgreSQL',
  database: 'opening the database',
  'reference-data': 'loading the reference data',
  app: 'building the server',
  listen: 'opening its port',
};

interface StartContext {
  step: StartStep;
  port?: number;
  host?: string;
  /** The URL the server connects to; its user and password never reach the sentence. */
  databaseUrl?: string;
  /** Whether that URL is the embedded PostgreSQL's rather than DATABASE_URL. */
  embedded?: boolean;
}

interface ErrorFields {
  code?: string;
  message: string;
}

/** The first error in the cause chain (or an AggregateError's list) that carries a code. */
function fieldsOf(error: unknown): ErrorFields {
  const seen = new Set<unknown>();
  let message = '';
  for (let current = error; current && typeof current === 'object' && !seen.has(current);) {
    seen.add(current);
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (!message && typeof candidate.message === 'string') message = candidate.message.trim();
    if (typeof candidate.code === 'string') {
      return { code: candidate.code, message: typeof candidate.message === 'string' && candidate.message.trim() ? candidate.message.trim() : message };
    }
    current = candidate.cause ?? (Array.isArray(candidate.errors) ? candidate.errors[0] : undefined);
  }
  if (!message && error !== undefined && error !== null && typeof error !== 'object') message = String(error);
  return { message };
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.replace(/[.:\s]+$/, '');
}

/** Where a connection URL points, without its user or password. */
function describeDatabase(url: string | undefined): { server: string; name: string } {
  try {
    const parsed = new URL(url ?? '');
    const host = parsed.searchParams.get('host') ?? `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}`;
    return { server: `the PostgreSQL at ${host}`, name: decodeURIComponent(parsed.pathname.slice(1)) || 'postgres' };
  } catch {
    return { server: 'the PostgreSQL named by DATABASE_URL', name: '(unreadable URL)' };
  }
}

const capitalised = (sentence: string) => sentence.charAt(0).toUpperCase() + sentence.slice(1);

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'ENOENT']);

function databaseSentence({ code, message }: ErrorFields, context: StartContext): string | undefined {
  const { server, name } = describeDatabase(context.databaseUrl);
  const fix = context.embedded ? 'move the data folder away to start afresh' : 'correct DATABASE_URL';
  if (code && CONNECTION_CODES.has(code)) {
    return `Cannot reach ${server} (${code}): start that PostgreSQL or ${fix}.`;
  }
  if (code === '28P01' || code === '28000') return capitalised(`${server} refused the user or password (${firstLine(message)}): ${fix}.`);
  if (code === '3D000') return `The database ${name} does not exist on ${server}: create it (createdb ${name}) or ${fix}.`;
  if (code === '57P03' || code === '53300') return capitalised(`${server} accepts no connections now (${firstLine(message)}): wait for it and start again.`);
  if (code === '53100') return `The disk of ${server} is full: free some space and start again.`;
  if (context.step === 'database') {
    return `Updating the schema of the database ${name} on ${server} failed (${firstLine(message) || code || 'no reason given'}): the database differs from what the migrations in server/drizzle expect — restore it from a backup or ${fix}.`;
  }
  return undefined;
}

export function explainStartFailure(error: unknown, context: StartContext): string {
  if (error instanceof StartFailure) return error.message;
  const fields = fieldsOf(error);
  const { code, message } = fields;
  if (context.step === 'configuration') return `${firstLine(message)}: correct the environment variable (the README lists every one).`;
  if (context.step === 'listen') {
    if (code === 'EADDRINUSE') {
      return `Port ${context.port} is already in use by another program (perhaps another Verigate): stop it or choose a free port, e.g. PORT=${(context.port ?? 8080) + 1} npm start.`;
    }
    if (code === 'EACCES') return `Port ${context.port} needs privileges this user lacks: choose a port above 1023, e.g. PORT=8080 npm start.`;
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      return `HOST ${context.host} is not an address of this machine: unset HOST or set it to one of this machine's addresses.`;
    }
  }
  if (code === 'ENOSPC') return `The disk is full (${firstLine(message)}): free some space and start again.`;
  if (context.step === 'database' || context.step === 'reference-data') {
    const sentence = databaseSentence(fields, context);
    if (sentence) return sentence;
  }
  const reason = firstLine(message) || code || 'no reason given';
  return `Verigate failed while ${doing[context.step]} (${reason}): run again with LOG_LEVEL=debug to see the details.`;
}
