import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * A Kysely dialect over the embedded PGlite database. PGlite is one connection in one process,
 * so a connection is handed out to one holder at a time (a mutex): a transaction keeps it
 * from BEGIN to COMMIT, and statements of concurrent requests can never interleave inside it
 * (ARCHITECTURE "Runtime pieces").
 *
 * The mutex is fair to people over background jobs (issue 19, benchmark B10): work run through
 * `runAsBackground` (the job runner runs every job so: imports, exports) waits in a lane of its
 * own, and when the connection is released a waiting request of a user goes first. With plain
 * FIFO order a sign-in that arrived behind two queued imports waited for all three imports'
 * transactions; now it waits for the one holding the connection at most: for USER_WINDOW_MS after a
 * job's transaction ends, users go before every job (a request takes the connection once per
 * statement or transaction, so its later statements must not fall behind the next job either).
 * Otherwise a background waiter that has waited BACKGROUND_AGING_MS goes before later users, so
 * a stream of requests never starves a job. What the lanes cannot shorten is the holder's own
 * transaction: so an import's write commits batch by batch here (docs/architecture-excel.md "Batch
 * by batch on the embedded database").
 */
const background = new AsyncLocalStorage<boolean>();

/** Runs `work` (and everything it awaits) as background work: it queues behind users' requests on PGlite. */
export function runAsBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** Whether the current async context runs background work. */
export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}

export const BACKGROUND_AGING_MS = 2000;
export const USER_WINDOW_MS = 1000;
const GRACE_MS = 10;

type Waiter = { grant: (release: () => void) => void; since: number; lane: 'user' | 'background' };

/** A mutex with two lanes: users' requests first, background work after (or once it has waited long). */
export class FairMutex {
  private held = false;
  private readonly users: Waiter[] = [];
  private readonly jobs: Waiter[] = [];
  /** Until when users go before every job (a window opened when a job's transaction ends). */
  private usersUntil = 0;
  private grace: NodeJS.Timeout | null = null;
  private graceOver = false;

  constructor(
    private readonly agingMs = BACKGROUND_AGING_MS,
    private readonly userWindowMs = USER_WINDOW_MS,
  ) {}

  lock(lane: 'user' | 'background' = 'user'): Promise<() => void> {
    return new Promise((grant) => {
      (lane === 'background' ? this.jobs : this.users).push({ grant, since: Date.now(), lane });
      if (!this.held) this.next();
    });
  }

  /** Waiters in each lane (tests, diagnostics). */
  get waiting(): { user: number; background: number } {
    return { user: this.users.length, background: this.jobs.length };
  }

  private next(): void {
    let w: Waiter | undefined;
    const window = Date.now() < this.usersUntil;
    if (this.users.length && window) w = this.users.shift();
    else if (window && this.jobs.length && !this.graceOver) {
      // No user waits right now, but a request's next statement usually follows within a moment:
      // keep the connection free for GRACE_MS before the job takes it.
      this.held = false;
      this.grace ??= setTimeout(() => {
        this.grace = null;
        if (this.held) return;
        this.graceOver = true;
        try {
          this.next();
        } finally {
          this.graceOver = false;
        }
      }, GRACE_MS);
      return;
    } else {
      const aged = this.jobs.length > 0 && Date.now() - this.jobs[0].since >= this.agingMs;
      w = aged ? this.jobs.shift() : (this.users.shift() ?? this.jobs.shift());
    }
    if (!w) {
      this.held = false;
      return;
    }
    this.held = true;
    const job = w.lane === 'background';
    let released = false;
    w.grant(() => {
      if (released) return;
      released = true;
      // After a job's transaction users have the connection for a while, aged jobs or not: a job
      // queued behind a long one has always waited long, and a request takes the connection
      // several times (each statement outside a transaction queues again).
      if (job) this.usersUntil = Date.now() + this.userWindowMs;
      this.next();
    });
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pg.query<R>(compiled.sql, compiled.parameters as unknown[], { rowMode: 'object', serializers: BINARY_JSONB });
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      numAffectedRows: affected === undefined ? undefined : BigInt(affected),
    };
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const result = await this.executeQuery<R>(compiled);
    yield result;
  }
}

/** PostgreSQL's type id of jsonb. */
const JSONB_OID = 3802;
/**
 * A jsonb parameter given as bytes (jsonb's binary format: version 1, then the UTF-8 text) is sent
 * as they are, in binary; any other value as PGlite serializes JSON. PGlite's protocol writer
 * counts a text parameter's UTF-8 bytes in a JavaScript loop over its characters, which cost an
 * import 0.3-0.5 s per 100,000 rows on the one thread PGlite shares with the server (benchmark B2):
 * the import sends its batches so (import-sql.ts `jsonbParam`). node-postgres sends bytes in binary too.
 */
const BINARY_JSONB = {
  [JSONB_OID]: (value: unknown) => (value instanceof Uint8Array ? value : typeof value === 'string' ? value : JSON.stringify(value)),
} as Record<number, (value: unknown) => string>;

class PGliteDriver implements Driver {
  private readonly mutex = new FairMutex();
  private readonly connection: PGliteConnection;
  private release: (() => void) | null = null;

  constructor(private readonly pg: PGlite) {
    this.connection = new PGliteConnection(pg);
  }

  async init(): Promise<void> {
    await this.pg.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.mutex.lock(isBackgroundWork() ? 'background' : 'user');
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${level}`));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`savepoint ${name}`));
  }

  async rollbackToSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
  }

  async releaseSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
  }

  async destroy(): Promise<void> {
    if (!this.pg.closed) await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}
