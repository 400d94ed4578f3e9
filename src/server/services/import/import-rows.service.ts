import { sql } from 'kysely';
import { ROLES, type EntityDef } from '../../../model';
import { applyMapping, confirmedOrderKeys, type ConfirmedMapping } from '../../../model/import-mapping';
import { isOrderHeaderRow } from '../../../model/order-header-rows';
import type { FixRow as GridRow, FixView as GridView, RowEdit } from '../../../model/calls/import-rows';
import { dynamicDictItems } from '../../../model/dynamic-form';
import type { LoadedForm } from '../approvals/dynamic-form.service';
import { cellText, sheetLayout } from '../../../model/import-row-check';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { loadTenantDictionaries } from '../../kernel/dictionaries/tenant-dictionaries';
import { withTenant } from '../../kernel/rls';
import type { JobRow } from '../jobs';
import { refSource } from './import-columns';
import type { RowError } from './import.service';
import { readWorkbookBatches } from './xlsx-reader.util';

/**
 * The fixing grid of an import job (issue 33): the sheet's rows as the user edits them, rows left
 * out, and rows a commit held (they failed; the valid ones were written), all in `import_row` under
 * the company's row-level security. The job is its owner's and the company administrators'
 * (`mayWorkOnJob`); a commit reads the work back (`rowWorkOf`) and runs the same import over it.
 */

/** Rows the grid shows at most (every row with an error or an edit is always among them). */
export const GRID_MAX_ROWS = 10_000;
/** Codes of a reference target sent to the browser at most (more: an unknown code is left to the server). */
const KNOWN_CODES_MAX = 5_000;
/** Cells of one row, rows of one save, characters of one cell. */
const MAX_COLUMNS = 16_384;
const MAX_SAVE_ROWS = 10_000;
const MAX_CELL = 32_767;

/** Whether the caller may see and change the job's rows: its owner, or an active administrator of its company. */
export async function mayWorkOnJob(db: Db, auth: AuthContext, job: JobRow): Promise<boolean> {
  if (job.client_id !== auth.clientId) return false;
  if (job.user_id === auth.userId) return true;
  const r = await sql<{ ok: boolean }>`select exists (select 1 from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
      where u.id = ${auth.userId} and u.client_id = ${job.client_id} and u.status = 'active' and r.code = ${ROLES.clientAdmin}
        and (r.client_id is null or r.client_id = ${job.client_id})) as ok`.execute(db);
  return Boolean(r.rows[0]?.ok);
}

/** What the grid left on a job: edited cells by sheet row, rows left out, rows a commit held. */
export type RowWork = { cells: Map<number, unknown[]>; skip: Set<number>; held: Set<number>; editedSince: Set<number> };

/** The job's rows as the grid left them; `since` (the job's last run's end): rows edited after it, which that run's errors no longer describe. */
export async function rowWorkOf(db: Db, clientId: number, jobId: number, since: string | null = null): Promise<RowWork> {
  const r = await withTenant(db, clientId, (tx) =>
    sql<{ sheet_row: number; cells: unknown[] | null; excluded: boolean; held: boolean; fresh: boolean }>`select sheet_row, cells, excluded, held,
        (${since}::timestamptz is null or updated_at > ${since}::timestamptz) as fresh
      from import_row where client_id = ${clientId} and job_id = ${jobId}`.execute(tx),
  );
  const work: RowWork = { cells: new Map(), skip: new Set(), held: new Set(), editedSince: new Set() };
  for (const row of r.rows) {
    if (row.cells) work.cells.set(row.sheet_row, row.cells);
    if (row.cells && row.fresh) work.editedSince.add(row.sheet_row);
    if (row.excluded) work.skip.add(row.sheet_row);
    if (row.held) work.held.add(row.sheet_row);
  }
  return work;
}

/** After a commit: the rows it held are the job's held rows now (the others were written or left out). */
export async function keepHeldRows(db: Db, clientId: number, jobId: number, rows: number[]): Promise<void> {
  await withTenant(db, clientId, async (tx) => {
    await sql`update import_row set held = false where client_id = ${clientId} and job_id = ${jobId} and held`.execute(tx);
    if (!rows.length) return;
    await sql`insert into import_row (client_id, job_id, sheet_row, held)
      select ${clientId}, ${jobId}, r, true from unnest(${rows}::int[]) as r
      on conflict (job_id, sheet_row) do update set held = true`.execute(tx);
  });
}


/** A save's body, checked: at most 10,000 rows, each a sheet row number, texts of at most 32,767 characters. */
export function parseRowEdits(body: unknown): RowEdit[] {
  const rows = (body as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows) || rows.length > MAX_SAVE_ROWS) throw new AppError('excel.rowsInvalid');
  return rows.map((x) => {
    const o = x as { row?: unknown; cells?: unknown; excluded?: unknown };
    const cells = o.cells ?? null;
    const okCells = cells === null || (Array.isArray(cells) && cells.length <= MAX_COLUMNS && cells.every((c) => c === null || (typeof c === 'string' && c.length <= MAX_CELL)));
    if (!Number.isInteger(o.row) || (o.row as number) < 1 || !okCells) throw new AppError('excel.rowsInvalid');
    return { row: o.row as number, cells: cells as Array<string | null> | null, excluded: o.excluded === true };
  });
}

/** Whether the grid may still change the job: checked, or written with rows held for later. */
export const jobTakesEdits = (job: JobRow) => job.kind === 'import' && (job.status === 'checked' || (job.status === 'done' && heldCount(job) > 0));
export const heldCount = (job: JobRow) => Number(job.result?.held ?? 0);

export async function saveRowEdits(db: Db, auth: AuthContext, job: JobRow, edits: RowEdit[]): Promise<void> {
  if (!jobTakesEdits(job)) throw new AppError(job.status === 'queued' || job.status === 'running' ? 'job.busy' : 'excel.notChecked');
  if (!edits.length) return;
  const clientId = job.client_id!;
  await withTenant(db, clientId, (tx) =>
    sql`insert into import_row (client_id, job_id, sheet_row, cells, excluded, updated_by)
      select ${clientId}, ${job.id}, (e->>'row')::int, nullif(e->'cells', 'null'::jsonb), (e->>'excluded')::boolean, ${auth.userId}
      from jsonb_array_elements(${JSON.stringify(edits)}::jsonb) e
      on conflict (job_id, sheet_row) do update set cells = excluded.cells, excluded = excluded.excluded, updated_by = excluded.updated_by, updated_at = now()`.execute(tx),
  );
}

/** The sheet read for the grid: header row, the data rows with the user's edits, left-out rows marked; held rows only after a commit held some. */
export async function gridViewOf(db: Db, job: JobRow, entity: EntityDef, file: string, errors: RowError[], form: LoadedForm | null = null): Promise<GridView> {
  const params = job.params as { mode?: string; mapping?: ConfirmedMapping };
  const clientId = job.client_id!;
  const work = await rowWorkOf(db, clientId, job.id, job.finished_at);
  const held = job.status === 'done' && work.held.size > 0;
  const byRow = new Map<number, RowError[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
  // Rows past the bound are not kept while reading (a 100,000-row sheet is not held in memory), unless they have an error or the user's work.
  let kept = 0;
  let truncated = false;
  const want = (n: number) => {
    if (held && !work.held.has(n)) return false;
    if (kept < GRID_MAX_ROWS || byRow.has(n) || work.cells.has(n) || work.skip.has(n)) return ++kept > 0;
    truncated = true;
    return false;
  };
  // A sheet with an order's fields in `key: value` rows: those above the headings are rows of the grid too (their values can be fixed there).
  const keys = confirmedOrderKeys(params.mapping);
  const orderRow = (cells: unknown[]) => keys.size > 0 && isOrderHeaderRow(cells, keys);
  const sheet = await readSheet(file, params.mapping?.headerRow ?? null, want, orderRow);
  const layout = sheetLayout(entity, sheet.headers, params.mapping ?? null);
  const rows: GridRow[] = [];
  for (const r of sheet.rows) {
    const edited = work.cells.get(r.number) as Array<string | null> | undefined;
    // An order header row's cells are not the columns' values: shown as written (a date as YYYY-MM-DD).
    const header = orderRow(r.cells);
    const cells = edited ?? r.cells.map((raw, i) => cellText(header ? null : (layout.mapping[i] ?? null), raw, sheet.date1904));
    const errs = byRow.get(r.number) ?? [];
    // A row that failed only because another row of its document did has nothing of its own to fix: the browser checks it itself.
    const ofDocumentOnly = errs.length > 0 && errs.every((e) => e.ofDocument);
    rows.push({ row: r.number, cells, errors: errs.map((e) => ({ col: e.col, field: e.field, message: e.message })), excluded: work.skip.has(r.number), edited: edited !== undefined, recheck: work.editedSince.has(r.number) || ofDocumentOnly });
  }
  const targets = sheet.headers.map((_, i) => layout.mapping[i]?.id ?? null);
  for (const c of layout.matrix?.columns ?? []) targets[c.index] = `size:${c.value}`;
  const dicts = await withTenant(db, clientId, (tx) => loadTenantDictionaries(tx, clientId));
  return {
    entity: entity.name,
    mode: params.mode ?? 'insert',
    headerRow: sheet.headerRow,
    headers: sheet.headers.map((h) => cellText(null, h)),
    targets: targets.map((t) => (t === undefined ? null : t)),
    mapping: params.mapping ?? null,
    rows,
    truncated,
    held,
    // The order fields' references too (a supplier written above the lines is checked in the browser as a column's).
    knownCodes: await knownCodesOf(db, clientId, [...layout.mapping, ...(params.mapping ? applyMapping(entity, params.mapping).orderFields.map((f) => f.column) : [])]),
    // A dynamic form's choices are its own options, by the dictionary codes its fields name.
    dictItems: { ...Object.fromEntries(dicts.items), ...(form ? Object.fromEntries(dynamicDictItems(form.form.code, form.definition)) : {}) },
    form: form ? { ...form.form, definition: form.definition } : null,
  };
}

/** The data sheet's header row (the mapping's, else the first filled row) and its filled rows that `want` keeps; above the header row, the `orderRow`s it keeps. */
async function readSheet(file: string, headerRow: number | null, want: (row: number) => boolean, orderRow: (cells: unknown[]) => boolean) {
  const out = { headerRow: 0, headers: [] as unknown[], rows: [] as Array<{ number: number; cells: unknown[] }>, date1904: false };
  const blank = (cells: unknown[]) => cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));
  for await (const events of readWorkbookBatches(file, undefined, (info) => (out.date1904 = info.date1904))) {
    for (const ev of events) {
      if (ev.kind === 'meta') continue;
      if (!out.headerRow) {
        if (headerRow !== null ? ev.number === headerRow : !blank(ev.cells)) {
          out.headerRow = ev.number;
          out.headers = ev.cells;
        } else if (headerRow !== null && orderRow(ev.cells) && want(ev.number)) out.rows.push({ number: ev.number, cells: ev.cells });
        continue;
      }
      if (!blank(ev.cells) && want(ev.number)) out.rows.push({ number: ev.number, cells: ev.cells });
    }
  }
  return out;
}

/** Per reference column of the sheet, the company's codes of its target (so the browser can say an unknown code at once). */
async function knownCodesOf(db: Db, clientId: number, mapping: ReturnType<typeof sheetLayout>['mapping']): Promise<GridView['knownCodes']> {
  const out: GridView['knownCodes'] = {};
  await withTenant(db, clientId, async (tx) => {
    for (const column of mapping) {
      const source = column && column.kind === 'reference' ? refSource(column) : null;
      if (!column || !source) continue;
      const r = await sql<{ code: string }>`select distinct ${sql.ref(source.codeColumn)}::text as code from ${sql.table(source.table)}
        where client_id = ${clientId} and ${sql.ref(source.codeColumn)} is not null order by 1 limit ${KNOWN_CODES_MAX + 1}`.execute(tx);
      out[column.id] = { codes: r.rows.slice(0, KNOWN_CODES_MAX).map((x) => x.code), complete: r.rows.length <= KNOWN_CODES_MAX };
    }
  });
  return out;
}

