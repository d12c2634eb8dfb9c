/**
 * The server's one door to its database, on either engine: SQLite in one process (the default,
 * server/db/sqlite-sql.ts) or PostgreSQL shared by several nodes (server/db/postgres-sql.ts).
 *
 * Repositories write plain SQL in the subset both engines read alike (docs/scale-out.md, "One
 * data layer"): `?` or `@name` parameters, `INSERT … ON CONFLICT … DO …`, `RETURNING`,
 * `COALESCE`, integer 0/1 flags and epoch-millisecond INTEGER times. Where the engines really
 * differ, a repository asks `dialect`.
 */

export type SqlValue = string | number | bigint | Buffer | Uint8Array | null;

/** Positional (`?`) values in order, or named (`@name`) values by name. */
export type SqlParams = readonly SqlValue[] | Readonly<Record<string, SqlValue>>;

export type SqlDialect = 'sqlite' | 'postgres';

export interface RunResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
}

export interface Sql {
  readonly dialect: SqlDialect;
  all<Row>(text: string, params?: SqlParams): Promise<Row[]>;
  get<Row>(text: string, params?: SqlParams): Promise<Row | undefined>;
  run(text: string, params?: SqlParams): Promise<RunResult>;
  /**
   * Runs `work` in one transaction on the client it is given, committing when it resolves and
   * rolling back when it throws. `work` does database work only (no hashing, no network): on
   * SQLite the other requests wait for it. Inside, use the given client: the outer one throws
   * (OUTER_CLIENT_IN_TRANSACTION).
   * A transaction inside a transaction is part of the outer one.
   */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
  /** A connection pool's connections in use and queries waiting for one (PostgreSQL only). */
  poolUsage?(): { inUse: number; waiting: number };
}

/**
 * Thrown by either engine when a transaction's work calls the outer client: on SQLite it would
 * wait for the transaction it is part of, on PostgreSQL it would run outside it.
 */
export const OUTER_CLIENT_IN_TRANSACTION =
  'Inside a transaction, use the client the transaction was given.';

/** The database is not reachable (connection refused or lost): callers answer 503. */
export class DatabaseUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}
