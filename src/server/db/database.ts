import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../config';
import { PGliteDialect } from './pglite-dialect';

/**
 * Every table is reached through this one loose schema type: the registry declares most tables at
 * run time, so column values come back as `unknown` and are narrowed where they are read.
 */
export type Tables = Record<string, Record<string, unknown>>;
export type Db = Kysely<Tables>;

const oneConnection = new WeakSet<Db>();
/**
 * Whether the database is the embedded one, a single connection every request shares: long work
 * then commits in short transactions so that others get the connection in between (an import
 * writes batch by batch, services/import/import-journal.ts).
 */
export const hasOneConnection = (db: Db): boolean => oneConnection.has(db);

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PGlite only: the whole cluster as a tar image (used to start test databases from a prepared copy). */
  dumpImage?: () => Promise<Uint8Array>;
};

/** Result types shared by both drivers: int8 and numeric as numbers, date and timestamp as text. */
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const TIMESTAMP = 1114;
const TIMESTAMPTZ = 1184;

const toNumber = (v: string) => (v === null ? null : Number(v));
const asText = (v: string) => v;
const toIso = (v: string) => (v === null ? null : new Date(v).toISOString());

export async function openDatabase(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>, options: { memory?: boolean; image?: Uint8Array } = {}): Promise<Database> {
  if (config.databaseUrl) {
    const parsers: Record<number, (v: string) => unknown> = { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: asText, [TIMESTAMP]: asText, [TIMESTAMPTZ]: toIso };
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      types: { getTypeParser: ((oid: number, format?: string) => parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser },
    });
    const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
    await sql`select 1`.execute(db);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let dir: string | undefined;
  if (!options.memory) {
    dir = join(config.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
  }
  const pglite = await PGlite.create(dir, {
    ...(options.image && !dir ? { loadDataDir: new Blob([options.image as BlobPart]) } : {}),
    parsers: {
      [pgliteTypes.INT8]: toNumber,
      [pgliteTypes.NUMERIC]: toNumber,
      [pgliteTypes.DATE]: asText,
      [pgliteTypes.TIMESTAMP]: asText,
      [pgliteTypes.TIMESTAMPTZ]: toIso,
    },
  });
  const db = new Kysely<Tables>({ dialect: new PGliteDialect(pglite) });
  oneConnection.add(db);
  return {
    db,
    kind: 'pglite',
    close: () => db.destroy(),
    dumpImage: async () => new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer()),
  };
}
