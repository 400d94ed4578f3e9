import { sql } from 'kysely';
import { FIELD_TYPE_TABLE, type EntityDef, type FieldDef } from '../../../model';
import type { Db } from '../../db/database';
import { isJsonField } from '../../resources/document-input';
import type { AuditChange } from '../../kernel/audit/audit.service';
import { datePart, formatSequence, numberingRuleFor } from '../../kernel/sequence/sequence.service';
import { journalUpdates, type ImportJournal } from './import-journal';
import { TENANT_ROLE } from '../../kernel/rls/rls-policy';

/**
 * The import's SQL: the write stage of the document writer in batch mode. Documents arrive here
 * checked (rules, references, entity hooks, scope); this module only writes them, many per
 * statement: multi-row INSERT ... SELECT FROM jsonb_array_elements, ids taken from the sequences in
 * blocks, numbers from the SN rule in one counter update, audit rows in bulk.
 */
export type Row = Record<string, unknown>;
export type Line = { childKey: string; row: number; values: Row };
/** A document of the sheet: its key, first sheet row, validated header values, stored row (update) and lines. */
export type Doc = { key: string | null; row: number; cells: unknown[]; values: Row; existing: Row | null; lines: Line[] };
export type ChildOf = { key: string; entity: EntityDef; foreignKey: string };
export type ImportWriteActor = { clientId: number; userId: number; username: string; ip: string | null };

/** How many ids one round trip takes from a table's identity sequence. */
const ID_BLOCK = 16_384;

/** A value as the text of one element of a batch row, cast to the column type in SQL. */
function paramText(field: FieldDef, v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (isJsonField(field)) return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const cast = (field: FieldDef) => sql.raw(FIELD_TYPE_TABLE[field.type].sqlType);

/**
 * A batch travels as ONE parameter (an array of rows, each an array of texts) read with
 * jsonb_array_elements, not as one text[] per column: the driver then sends one string that
 * JSON.stringify built natively, instead of quoting and escaping every element of 20 arrays in
 * JavaScript (the largest cost of a PGlite import after Postgres itself, benchmark B2). jsonb, not
 * json: each `r->>i` of a json element scans its text again, so 20 fields cost 20 scans (the
 * insert took 5.0 s of database CPU at 100,000 rows with json, 3.1 s with jsonb).
 */
const batchJson = (rows: unknown[][]) => jsonbParam(JSON.stringify(rows));

/**
 * JSON text as a jsonb parameter in binary (version byte 1, then the UTF-8 text): both drivers send
 * bytes as they are, where PGlite's counted a text parameter's bytes character by character in
 * JavaScript (pglite-dialect.ts `BINARY_JSONB`). Used where the SQL casts the parameter `::jsonb`.
 */
function jsonbParam(text: string): Buffer {
  const out = Buffer.allocUnsafe(Buffer.byteLength(text) + 1);
  out[0] = 1;
  out.write(text, 1);
  return out;
}
/**
 * `n` batch rows of two leading numbers and the fields' texts, built with plain loops into arrays of
 * their final length (the spread of a mapped array per row cost a tenth of the import's build stage).
 */
function batchRows(n: number, fields: FieldDef[], first: (i: number) => number, second: (i: number) => number, values: (i: number) => Row): unknown[][] {
  const rows: unknown[][] = new Array(n);
  const width = fields.length + 2;
  const keys = fields.map((f) => f.key);
  const json = fields.map((f) => isJsonField(f));
  for (let i = 0; i < n; i++) {
    const v = values(i);
    const row: unknown[] = new Array(width);
    row[0] = first(i);
    row[1] = second(i);
    for (let j = 0; j < keys.length; j++) {
      const x = v[keys[j]];
      // paramText, with the field's JSON-ness looked up once per batch.
      row[j + 2] = x === null || x === undefined ? null : typeof x === 'string' && !json[j] ? x : paramText(fields[j], x);
    }
    rows[i] = row;
  }
  return rows;
}

/** Element `i` of a batch row as text, cast to the field's column type. */
const cell = (i: number, field: FieldDef, row = 'u.r') => sql`(${sql.raw(row)}->>${sql.lit(i)})::${cast(field)}`;

export class ImportSqlWriter {
  /** Ids taken from each table's identity sequence and not used yet. */
  private idPools = new Map<string, number[]>();
  /** Set when the run commits batch by batch: every write also notes how to undo it (import-journal.ts). */
  journal: ImportJournal | null = null;

  constructor(
    private readonly entity: EntityDef,
    private readonly children: ChildOf[],
    private readonly actor: ImportWriteActor,
    private readonly jobId: number | undefined,
    /** The embedded database: one session, so no other statement runs between two of a statement's calls. */
    private readonly oneSession = false,
  ) {}

  /** `n` ids of a table's identity sequence (taken in blocks: one round trip per 16,384 rows). */
  async takeIds(tx: Db, table: string, n: number): Promise<number[]> {
    let pool = this.idPools.get(table) ?? [];
    if (pool.length < n) {
      const size = Math.max(n - pool.length, ID_BLOCK);
      if (this.oneSession) {
        // One session: nothing can take a value between this statement's nextval and setval, so the
        // block is the `size` values after the current one, reserved in one call (16,384 nextval
        // calls took 52 ms of PGlite's thread per block, 0.7 s of benchmark B2's 100,000 documents).
        // setval needs the sequence's UPDATE right, which the plain tenant role a transaction drops
        // to does not have: this one statement runs as the connection's own (superuser) role.
        const role = (await sql<{ role: string }>`select current_user as role`.execute(tx)).rows[0].role;
        const dropped = role === TENANT_ROLE;
        if (dropped) await sql`reset role`.execute(tx);
        let last: number;
        try {
          const r = await sql<{ last: number }>`select setval(pg_get_serial_sequence(${table}, 'id'), nextval(pg_get_serial_sequence(${table}, 'id')) + ${size - 1}) as last`.execute(tx);
          last = Number(r.rows[0].last);
        } finally {
          if (dropped) await sql.raw(`set local role ${TENANT_ROLE}`).execute(tx);
        }
        const block: number[] = new Array(size);
        for (let i = 0; i < size; i++) block[i] = last - size + 1 + i;
        pool = pool.concat(block);
      } else {
        // Other sessions take values meanwhile: one nextval per id. One row of comma-separated ids,
        // not one row per id: 16,384 result rows cost more to decode than to take.
        const r = await sql<{ ids: string }>`select string_agg(nextval(pg_get_serial_sequence(${table}, 'id'))::text, ',') as ids from generate_series(1, ${size})`.execute(tx);
        pool = pool.concat(r.rows[0].ids.split(',').map(Number));
      }
    }
    this.idPools.set(table, pool.slice(n));
    return pool.slice(0, n);
  }

  /**
   * New documents, their lines and their audit rows in ONE statement, sent without waiting for it
   * (the next batch is read and checked meanwhile). Ids are taken from the sequences beforehand,
   * so lines name their document without a round trip; a document whose key exists (another unique
   * key too) is skipped by ON CONFLICT DO NOTHING, and so are its lines and its audit row.
   * Returns each document's id and the statement's answer: the ids it refused.
   */
  async sendInserts(tx: Db, docs: Doc[]): Promise<{ ids: number[]; refused: Promise<number[]> }> {
    const a = this.actor;
    const fields = this.entity.fields.filter((f) => !f.readonly);
    // A state field the entity leaves writable is a column like the others (document-writer.ts).
    const state = this.entity.states && !fields.some((f) => f.key === this.entity.states!.field) ? this.entity.states : undefined;
    const ids = await this.takeIds(tx, this.entity.table, docs.length);
    // Element 0 is the id, 1 the sheet row (for the audit), the fields follow.
    const docRows = batchRows(docs.length, fields, (i) => ids[i], (i) => docs[i].row, (i) => docs[i].values);
    const colList = sql.join([sql.id('id'), ...fields.map((f) => sql.id(f.key)), ...(state ? [sql.id(state.field)] : [])]);
    const parts = [
      sql`src as (select r from jsonb_array_elements(${batchJson(docRows)}::jsonb) as u(r))`,
      sql`ins as (insert into ${sql.table(this.entity.table)} (client_id, created_by, updated_by, ${colList})
        select ${a.clientId}, ${a.userId}, ${a.userId}, (r->>0)::bigint, ${sql.join(fields.map((f, i) => cell(i + 2, f, 'r')))}${state ? sql`, ${state.initial}` : sql``}
        from src on conflict do nothing returning id)`,
    ];
    for (const [k, child] of this.children.entries()) {
      const lines: Line[] = [];
      const parents: number[] = [];
      for (let i = 0; i < docs.length; i++) {
        for (const l of docs[i].lines) {
          if (l.childKey !== child.key) continue;
          lines.push(l);
          parents.push(ids[i]);
        }
      }
      if (!lines.length) continue;
      const lineFields = child.entity.fields.filter((f) => !f.readonly && f.key !== child.foreignKey);
      const lineIds = await this.takeIds(tx, child.entity.table, lines.length);
      // Element 0 is the line's id, 1 its document's id, the line's fields follow.
      const lineRows = batchRows(lines.length, lineFields, (i) => lineIds[i], (i) => parents[i], (i) => lines[i].values);
      parts.push(sql`${sql.id(`l${k}`)} as (insert into ${sql.table(child.entity.table)} (id, client_id, created_by, updated_by, ${sql.id(child.foreignKey)}, ${sql.join(lineFields.map((f) => sql.id(f.key)))})
        select (r->>0)::bigint, ${a.clientId}, ${a.userId}, ${a.userId}, (r->>1)::bigint, ${sql.join(lineFields.map((f, i) => cell(i + 2, f, 'r')))}
        from jsonb_array_elements(${batchJson(lineRows)}::jsonb) as u(r) where (r->>1)::bigint in (select id from ins))`);
    }
    // The audit row of an imported record names the job and the sheet row it came from; the
    // values themselves are the record's (a later change logs each old value, as a form save does).
    const source = this.jobId
      ? sql`jsonb_build_array(jsonb_build_object('field', '$job', 'old', null, 'new', ${this.jobId}::int), jsonb_build_object('field', '$row', 'old', null, 'new', (r->>1)::int))`
      : sql`jsonb_build_array(jsonb_build_object('field', '$row', 'old', null, 'new', (r->>1)::int))`;
    const j = this.journal;
    // One journal row per statement with every id it inserted (a row per id cost the embedded
    // database a tenth more time at 100,000 rows).
    if (j) parts.push(sql`jr as (insert into import_journal (client_id, run_id, kind, entity, ids) select ${j.clientId}, ${j.runId}, 'insert', ${j.entity}, array_agg(id) from ins having count(*) > 0)`);
    parts.push(sql`aud as (insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes)
      select ${a.clientId}, ${this.entity.name}, (r->>0)::bigint, 'import', ${a.userId}, ${a.username}, ${a.ip}, ${source}
      from src where (r->>0)::bigint in (select id from ins))`);
    const statement = sql<{ id: string }>`with ${sql.join(parts, sql`, `)} select (r->>0) as id from src where (r->>0)::bigint not in (select id from ins)`;
    return { ids, refused: statement.execute(tx).then((r) => r.rows.map((x) => Number(x.id))) };
  }

  /** Numbers for new documents without one, from the SN rule, taken in one counter update; `taken` skips a number a row of the file carries. */
  async assignNumbers(tx: Db, docs: Doc[], now: Date, inFile: { has(key: string): boolean }): Promise<void> {
    const field = this.entity.numbering?.field;
    let pending = field ? docs.filter((d) => d.values[field] === null || d.values[field] === undefined) : [];
    if (!pending.length) return;
    // The company's own SN rule where it has one, as a form save numbers (spec 3 sequence config).
    const rule = (await numberingRuleFor(tx, this.actor.clientId, this.entity))!;
    for (let attempt = 0; pending.length && attempt < 20; attempt++) {
      const period = datePart(rule.datePrefix, now);
      const r = await sql<{ value: number }>`insert into sequences (client_id, key, period, value) values (${this.actor.clientId}, ${this.entity.name}, ${period}, ${pending.length})
        on conflict (client_id, key, period) do update set value = sequences.value + ${pending.length} returning value`.execute(tx);
      const last = Number(r.rows[0].value);
      const candidates = pending.map((_, i) => formatSequence(rule, now, last - pending.length + 1 + i));
      // A number typed by hand earlier is skipped, as a form save skips it.
      const taken = await sql<{ code: string }>`select ${sql.ref(rule.field)}::text as code from ${sql.table(this.entity.table)}
        where client_id = ${this.actor.clientId} and ${sql.ref(rule.field)} = any(${candidates}::text[])`.execute(tx);
      const takenSet = new Set(taken.rows.map((x) => x.code));
      const next: Doc[] = [];
      pending.forEach((d, i) => {
        if (takenSet.has(candidates[i]) || inFile.has(candidates[i])) next.push(d);
        else d.values[rule.field] = candidates[i];
      });
      pending = next;
    }
  }

  /** Header values of stored documents (updates by key), one statement; returns those not written because their version moved. */
  async updateDocs(tx: Db, docs: Doc[]): Promise<Doc[]> {
    if (!docs.length) return [];
    if (this.journal) await journalUpdates(tx, this.journal, this.entity, this.children, docs.map((d) => Number(d.existing!.id)));
    const fields = this.entity.fields.filter((f) => !f.readonly);
    // Element 0 is the id, 1 the version the document was checked at, the fields follow.
    const rows = docs.map((d) => [String(d.existing!.id), String(d.existing!.version), ...fields.map((f) => paramText(f, d.values[f.key]))]);
    const sets = fields.map((f, i) => sql`${sql.id(f.key)} = ${cell(i + 2, f)}`);
    // The form's optimistic check: a document changed by someone else since it was read and checked
    // (its version moved) is not overwritten; the caller refuses its row as a stale save is refused.
    const r = await sql<{ id: number }>`update ${sql.table(this.entity.table)} t set ${sql.join(sets)}, version = t.version + 1, updated_by = ${this.actor.userId}, updated_at = now()
      from jsonb_array_elements(${batchJson(rows)}::jsonb) as u(r)
      where t.id = (u.r->>0)::bigint and t.client_id = ${this.actor.clientId} and t.version = (u.r->>1)::int
      returning t.id`.execute(tx);
    const written = new Set(r.rows.map((x) => Number(x.id)));
    return docs.filter((d) => !written.has(Number(d.existing!.id)));
  }

  /** An update that brings lines replaces the document's lines of that collection. */
  async replaceLinesOf(tx: Db, docs: Doc[]): Promise<void> {
    for (const child of this.children) {
      const ids = docs.filter((d) => d.lines.some((l) => l.childKey === child.key)).map((d) => Number(d.existing!.id));
      if (!ids.length) continue;
      await sql`delete from ${sql.table(child.entity.table)} where client_id = ${this.actor.clientId} and ${sql.ref(child.foreignKey)} = any(${ids}::bigint[])`.execute(tx);
    }
  }

  /** Lines of stored documents; returns each line's new id, in order. */
  async insertLines(tx: Db, lines: Array<{ parentId: number; line: Line }>): Promise<number[]> {
    const ids: number[] = new Array(lines.length).fill(0);
    for (const child of this.children) {
      const idx = lines.map((l, i) => (l.line.childKey === child.key ? i : -1)).filter((i) => i >= 0);
      if (!idx.length) continue;
      const fields = child.entity.fields.filter((f) => !f.readonly && f.key !== child.foreignKey);
      // Element 0 is the parent's id, the line's fields follow.
      const rows = idx.map((i) => [String(lines[i].parentId), ...fields.map((f) => paramText(f, lines[i].line.values[f.key]))]);
      const r = await sql<{ id: number }>`insert into ${sql.table(child.entity.table)} (client_id, created_by, updated_by, ${sql.id(child.foreignKey)}, ${sql.join(fields.map((f) => sql.id(f.key)))})
        select ${this.actor.clientId}, ${this.actor.userId}, ${this.actor.userId}, (u.r->>0)::bigint, ${sql.join(fields.map((f, i) => cell(i + 1, f)))}
        from jsonb_array_elements(${batchJson(rows)}::jsonb) with ordinality as u(r, ord) order by ord
        returning id`.execute(tx);
      r.rows.forEach((row, k) => (ids[idx[k]] = Number(row.id)));
    }
    return ids;
  }

  /** One audit row per written document (ARCHITECTURE: every write is audited), in one statement. */
  async writeAudit(tx: Db, entries: Array<{ id: number; action: string; changes: AuditChange[] }>): Promise<void> {
    if (!entries.length) return;
    const a = this.actor;
    // The changes stay JSON inside the one parameter (no JSON text escaped again as an array element).
    await sql`insert into audit_log (client_id, entity, record_id, action, user_id, username, ip, changes)
      select ${a.clientId}, ${this.entity.name}, (u.r->>0)::bigint, u.r->>1, ${a.userId}, ${a.username}, ${a.ip}, (u.r->2)::jsonb
      from jsonb_array_elements(${batchJson(entries.map((e) => [e.id, e.action, e.changes]))}::jsonb) as u(r)`.execute(tx);
  }
}
