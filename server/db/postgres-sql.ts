import pg from 'pg';
import {
  DatabaseUnavailableError,
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
    try {
      await (this.client ?? this.pool).query(script);
    } catch (error) {
      throw asUnavailable(error);
    }
  }

  async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    if (this.client) return work(this);
    const client = await this.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(new PostgresSql(this.pool, client));
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

  async close(): Promise<void> {
    if (this.client) throw new Error('A transaction cannot close its database.');
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

  private async query(text: string, params: SqlParams | undefined): Promise<pg.QueryResult> {
    const statement = translate(text);
    const values = valuesOf(statement, params);
    try {
      return await (this.client ?? this.pool).query({
        name: statement.name,
        text: statement.text,
        values,
      });
    } catch (error) {
      throw asUnavailable(error);
    }
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
 * `?` → `$1, $2…` in order and `@name` → one `$n` per name, outside quoted text and comments.
 * A statement uses one style or the other, as better-sqlite3 requires.
 */
export function toDollarParameters(text: string): { text: string; names: string[] } {
  const names: string[] = [];
  let out = '';
  let positional = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (char === "'" || char === '"') {
      const end = text.indexOf(char, i + 1);
      const stop = end < 0 ? text.length : end + 1;
      out += text.slice(i, stop);
      i = stop - 1;
    } else if (char === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += text.slice(i, stop);
      i = stop - 1;
    } else if (char === '?') {
      positional += 1;
      out += `$${String(positional)}`;
    } else if (char === '@' && /[A-Za-z_]/.test(text[i + 1] ?? '')) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.slice(i + 1))?.[0] ?? '';
      let index = names.indexOf(name);
      if (index < 0) index = names.push(name) - 1;
      out += `$${String(index + 1)}`;
      i += name.length;
    } else {
      out += char;
    }
  }
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
