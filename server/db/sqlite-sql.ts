import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Statement } from 'better-sqlite3';
import { OUTER_CLIENT_IN_TRANSACTION, type RunResult, type Sql, type SqlParams } from './sql';

/**
 * `Sql` over one better-sqlite3 connection (server/db/sql.ts). Statements are prepared once and
 * kept. better-sqlite3 is synchronous, so a query is answered at once; only a transaction spans
 * awaits, and while one is open every other caller waits for it (one connection has one
 * transaction), which is why a transaction does database work only.
 */
export class SqliteSql implements Sql {
  readonly dialect = 'sqlite' as const;
  private readonly statements = new Map<string, Statement>();
  /** Settles when the open transaction ends; undefined when none is open. */
  private openTransaction: Promise<void> | undefined;
  private readonly insideTransaction = new AsyncLocalStorage<{ open: boolean }>();

  constructor(readonly connection: Database) {}

  async all<Row>(text: string, params?: SqlParams): Promise<Row[]> {
    while (this.openTransaction) await this.outsideTransaction();
    return this.allNow(text, params) as Row[];
  }

  async get<Row>(text: string, params?: SqlParams): Promise<Row | undefined> {
    while (this.openTransaction) await this.outsideTransaction();
    return this.getNow(text, params) as Row | undefined;
  }

  async run(text: string, params?: SqlParams): Promise<RunResult> {
    while (this.openTransaction) await this.outsideTransaction();
    return this.runNow(text, params);
  }

  async exec(script: string): Promise<void> {
    while (this.openTransaction) await this.outsideTransaction();
    this.connection.exec(script);
  }

  async transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    while (this.openTransaction) await this.outsideTransaction();
    let end!: () => void;
    this.openTransaction = new Promise((resolve) => {
      end = resolve;
    });
    // IMMEDIATE takes the write lock now, so a second process (the create-admin command) waits
    // at BEGIN rather than failing at its first write.
    this.connection.exec('BEGIN IMMEDIATE');
    // Work the transaction leaves running keeps this context: closed, it is any other caller.
    const context = { open: true };
    try {
      const result = await this.insideTransaction.run(context, () =>
        work(new SqliteTransaction(this)),
      );
      this.connection.exec('COMMIT');
      return result;
    } catch (error) {
      if (this.connection.inTransaction) this.connection.exec('ROLLBACK');
      throw error;
    } finally {
      context.open = false;
      this.openTransaction = undefined;
      // While a storage is enabled Node runs its async hooks for every promise of the process:
      // between transactions nothing needs this one (`run` enables it again).
      this.insideTransaction.disable();
      end();
    }
  }

  async close(): Promise<void> {
    while (this.openTransaction) await this.outsideTransaction();
    if (this.connection.open) this.connection.close();
  }

  allNow(text: string, params?: SqlParams): unknown[] {
    return this.statement(text).all(...argumentsOf(params));
  }

  getNow(text: string, params?: SqlParams): unknown {
    return this.statement(text).get(...argumentsOf(params));
  }

  runNow(text: string, params?: SqlParams): RunResult {
    return { changes: this.statement(text).run(...argumentsOf(params)).changes };
  }

  /**
   * Waits once for the open transaction to end. Callers wait `while (this.openTransaction)`: the
   * check is made again, synchronously, after the wait, since another caller woken by the same
   * end may have begun a transaction meanwhile.
   */
  private async outsideTransaction(): Promise<void> {
    if (this.insideTransaction.getStore()?.open) {
      // Waiting here would wait for ourselves: the transaction's own work used the outer client.
      throw new Error(OUTER_CLIENT_IN_TRANSACTION);
    }
    await this.openTransaction;
  }

  private statement(text: string): Statement {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.connection.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }
}

/** The client a SQLite transaction's work is given: it goes past the wait for the transaction. */
class SqliteTransaction implements Sql {
  readonly dialect = 'sqlite' as const;

  constructor(private readonly owner: SqliteSql) {}

  all<Row>(text: string, params?: SqlParams): Promise<Row[]> {
    return Promise.resolve(this.owner.allNow(text, params) as Row[]);
  }

  get<Row>(text: string, params?: SqlParams): Promise<Row | undefined> {
    return Promise.resolve(this.owner.getNow(text, params) as Row | undefined);
  }

  run(text: string, params?: SqlParams): Promise<RunResult> {
    return Promise.resolve(this.owner.runNow(text, params));
  }

  exec(script: string): Promise<void> {
    this.owner.connection.exec(script);
    return Promise.resolve();
  }

  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T> {
    return work(this);
  }

  close(): Promise<void> {
    return Promise.reject(new Error('A transaction cannot close its database.'));
  }
}

function argumentsOf(params: SqlParams | undefined): unknown[] {
  if (params === undefined) return [];
  return Array.isArray(params) ? params : [params];
}
