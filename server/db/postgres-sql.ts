import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import {
  DatabaseUnavailableError,
  OUTER_CLIENT_IN_TRANSACTION,
  type RunResult,
  type Sql,
  type SqlParams,
  type SqlValue,
} from './sql';

/** int8 (COUNT, BIGINT columns: epoch milliseconds, ids) and numeric (SUM) as JS numbers. */
const TYPES = new pg.TypeOverrides();
TYPES.setTypeParser(pg.types.builtins.INT8, Number);
TYPES.setTypeParser(pg.types.builtins.NUMERIC, Number);

/** A statement in PostgreSQL's form: `$n` parameters, and the names in their order. */
interface Translated {
  text: string;
  /** The statement's name, so each connection prepares it once. */
  name: string;
  /** For `@name` parameters: the name behind `$1`, `$2`…; empty for `?` parameters. */
  names: readonly string[];
}

export interface PostgresOptions {
  connectionString: string;
  /** Connections per node; PostgreSQL's own limit (100 by default) is shared by every node. */
  maxConnections?: number;
}

/**
 * `Sql` over a pool of PostgreSQL connections (server/db/sql.ts). The repositories' `?` and
 * `@name` parameters become `$n`, each statement is prepared once per connection, and a lost
 * connection becomes a DatabaseUnavailableError (503) while the pool connects again.
 */
export class PostgresSql implements Sql {
  readonly dialect = 'postgres' as const;
  /**
   * Set in a transaction's work while the transaction is open: the pool's own client, called
   * there, would run outside the transaction (another connection), so it refuses, as SQLite's does.
   */
  private readonly transactionWork = new AsyncLocalStorage<{ open: boolean }>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly client?: pg.PoolClient,
  ) {}

  static open(options: PostgresOptions): PostgresSql {
    const pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      types: TYPES,
    });
    // An idle connection that the server closes (restart, failover) must not crash the node;
    // the pool drops it and the next query opens another.
    pool.on('error', () => undefined);
    return new PostgresSql(pool);
  }

  async all<Row>(text: string, params?: SqlParams): Promise<Row[]> {
    return (await this.query(text, params)).rows as Row[];
  }

  async get<Row>(text: string, params?: SqlParams): Promise<Row | undefined> {
    return (await this.query(text, params)).rows[0] as Row | undefined;
  }

  async run(text: string, params?: SqlParams): Promise<RunResult> {
    return { changes: (await this.query(text, params)).rowCount ?? 0 };
  }

  async exec(script: string): Promise<void> {
    this.refuseInsideTransaction();
    try {
      await (this.client ?? this.pool).query(script);
    } catch (error) {
      throw asUnavailable(error);
    }
  }

  async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    if (this.client) return work(this);
    this.refuseInsideTransaction();
    // A transaction PostgreSQL chose as a deadlock's or a serialization conflict's victim was
    // rolled back whole: it runs again (its work is database work only, server/db/sql.ts).
    return retryingConflicts(() => this.transactionOnce(work));
  }

  private async transactionOnce<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    const client = await this.connect();
    const context = { open: true };
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const tx = new PostgresSql(this.pool, client);
      const result = await this.transactionWork.run(context, () => work(tx));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      }
      throw asUnavailable(error);
    } finally {
      context.open = false;
      client.release(broken);
    }
  }

  /**
   * Runs `work` while holding a lock every node asks for at start, so that of several nodes
   * starting on an empty database one migrates and seeds while the others wait, then find the
   * work done.
   */
  async withStartupLock<T>(work: () => Promise<T>): Promise<T> {
    const client = await this.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  poolUsage(): { inUse: number; waiting: number } {
    return {
      inUse: this.pool.totalCount - this.pool.idleCount,
      waiting: this.pool.waitingCount,
    };
  }

  async close(): Promise<void> {
    if (this.client) throw new Error('A transaction cannot close its database.');
    this.refuseInsideTransaction();
    // Closing twice (a test that closed the database, then its app) is not an error.
    if (!this.pool.ended && !this.pool.ending) await this.pool.end();
  }

  private async connect(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (error) {
      throw asUnavailable(error);
    }
  }

  private refuseInsideTransaction(): void {
    if (this.transactionWork.getStore()?.open) throw new Error(OUTER_CLIENT_IN_TRANSACTION);
  }

  private async query(text: string, params: SqlParams | undefined): Promise<pg.QueryResult> {
    this.refuseInsideTransaction();
    const statement = translate(text);
    const values = valuesOf(statement, params);
    const once = async () => {
      try {
        return await (this.client ?? this.pool).query({
          name: statement.name,
          text: statement.text,
          values,
        });
      } catch (error) {
        throw asUnavailable(error);
      }
    };
    // Inside a transaction a conflict aborts the whole transaction, which retries as a whole.
    return this.client ? once() : retryingConflicts(once);
  }
}

/**
 * Each statement text in PostgreSQL's form, translated once per process and shared by the pool
 * and every transaction's client; its name (one per text) lets each connection prepare it once.
 */
const translations = new Map<string, Translated>();

function translate(text: string): Translated {
  let translated = translations.get(text);
  if (!translated) {
    translated = { ...toDollarParameters(text), name: `s${String(translations.size + 1)}` };
    translations.set(text, translated);
  }
  return translated;
}

/** PostgreSQL's deadlock_detected and serialization_failure: the work may simply run again. */
const CONFLICT_CODES = new Set(['40P01', '40001']);
const CONFLICT_ATTEMPTS = 4;

function isConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONFLICT_CODES.has(code);
}

/**
 * Runs `work` again (after a short random pause, so two victims do not meet again) when
 * PostgreSQL aborted it as a deadlock's or serialization conflict's victim; after the last
 * attempt the caller gets a DatabaseUnavailableError (503 with Retry-After), never a 500.
 */
async function retryingConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isConflict(error)) throw error;
      if (attempt >= CONFLICT_ATTEMPTS) {
        throw new DatabaseUnavailableError('The database kept refusing the work as a conflict.', {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

/** An arbitrary constant: the key of the start-up advisory lock. */
const STARTUP_LOCK = 7_361_042;

function valuesOf(statement: Translated, params: SqlParams | undefined): unknown[] {
  if (params === undefined) return [];
  if (Array.isArray(params)) return params.map(toPostgresValue);
  const named = params as Readonly<Record<string, SqlValue>>;
  return statement.names.map((name) => {
    if (!(name in named)) throw new Error(`No value for the parameter @${name}.`);
    return toPostgresValue(named[name] ?? null);
  });
}

function toPostgresValue(value: SqlValue | undefined): unknown {
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value);
  if (typeof value === 'bigint') return value.toString();
  return value ?? null;
}

/**
 * Words after which a value, and so a `?` parameter, may come. After any other word (a column, a
 * type), as after any other operand, a `?` would be jsonb's key operator.
 */
const BEFORE_VALUE = new Set([
  'ALL',
  'AND',
  'ANY',
  'BETWEEN',
  'BY',
  'CASE',
  'DISTINCT',
  'ELSE',
  'ESCAPE',
  'FROM',
  'HAVING',
  'ILIKE',
  'IN',
  'IS',
  'LIKE',
  'LIMIT',
  'NOT',
  'OFFSET',
  'ON',
  'OR',
  'RETURNING',
  'SELECT',
  'SOME',
  'THEN',
  'TO',
  'WHEN',
  'WHERE',
]);

const WORD_START = /[A-Za-z0-9_]/;
const WORD = /[A-Za-z0-9_]*/y;

function wordEnd(text: string, start: number): number {
  WORD.lastIndex = start;
  WORD.exec(text);
  return WORD.lastIndex;
}

/** The index after the quote closing the one at `start` (a doubled quote is inside), or -1. */
function closingQuote(text: string, start: number): number {
  const quote = text[start] ?? '';
  let at = text.indexOf(quote, start + 1);
  while (at >= 0 && text[at + 1] === quote) at = text.indexOf(quote, at + 2);
  return at < 0 ? -1 : at + 1;
}

/**
 * `?` → `$1, $2…` in order and `@name` → one `$n` per name (a name used twice is one `$n`),
 * outside quoted text ('…' with '' inside, "identifiers") and `--` comments; `::` casts pass
 * through. A statement uses one style or the other, as better-sqlite3 requires.
 *
 * What this reading would get wrong is refused with an error naming it, never translated
 * silently: a block comment (slash-star), dollar quoting (`$$…$$`, and a `$n` already written),
 * an `E'…'` escape string (its `\'` does not end it), jsonb's `?`, `?|` and `?&` operators (the
 * first told from a parameter by what comes before it: an operand, where a parameter cannot
 * stand), and a statement mixing `?` and `@name`.
 */
export function toDollarParameters(text: string): { text: string; names: string[] } {
  const refuse = (construct: string): never => {
    const statement = JSON.stringify(text.slice(0, 200));
    throw new Error(
      `PostgreSQL's form of this statement is not known: ${construct} in ${statement}`,
    );
  };
  const names: string[] = [];
  let positional = 0;
  let out = '';
  /** The last token was an operand (a word other than BEFORE_VALUE's, quoted text, `)`…). */
  let afterOperand = false;
  let at = 0;
  while (at < text.length) {
    const char = text[at] ?? '';
    const next = text[at + 1] ?? '';
    let end = at + 1;
    if (char === "'" || char === '"') {
      end = closingQuote(text, at);
      if (end < 0) refuse(char === "'" ? 'unterminated quoted text' : 'an unterminated identifier');
      afterOperand = true;
    } else if (char === '-' && next === '-') {
      end = text.indexOf('\n', at);
      if (end < 0) end = text.length;
    } else if (char === '/' && next === '*') {
      refuse('a /* */ comment');
    } else if (char === '$') {
      refuse('dollar quoting ($$…$$) or a $n parameter');
    } else if (WORD_START.test(char)) {
      end = wordEnd(text, at);
      const word = text.slice(at, end);
      if ((word === 'E' || word === 'e') && text[end] === "'") refuse("an E'…' escape string");
      afterOperand = !BEFORE_VALUE.has(word.toUpperCase());
    } else if (char === '?') {
      if (next === '|' && text[at + 2] !== '|') refuse("jsonb's ?| operator");
      if (next === '&' && text[at + 2] !== '&') refuse("jsonb's ?& operator");
      if (afterOperand) refuse("jsonb's ? operator (a ? after an operand)");
      positional += 1;
      out += `$${String(positional)}`;
      at = end;
      afterOperand = true;
      continue;
    } else if (char === '@' && /[A-Za-z_]/.test(next)) {
      end = wordEnd(text, at + 1);
      const name = text.slice(at + 1, end);
      let index = names.indexOf(name);
      if (index < 0) index = names.push(name) - 1;
      out += `$${String(index + 1)}`;
      at = end;
      afterOperand = true;
      continue;
    } else if (char === ')' || char === ']') {
      afterOperand = true;
    } else if (!/\s/.test(char)) {
      afterOperand = false;
    }
    out += text.slice(at, end);
    at = end;
  }
  if (positional > 0 && names.length > 0) refuse('both ? and @name parameters');
  return { text: out, names };
}

/** Error codes of a server that cannot be reached or has gone away. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

function asUnavailable(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  const lost =
    (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test(error.message);
  return lost
    ? new DatabaseUnavailableError('The database cannot be reached.', { cause: error })
    : error;
}
