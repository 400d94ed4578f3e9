import { sql, type RawBuilder } from 'kysely';
import { FIELD_TYPE_TABLE, type EntityDef, type Language } from '../../../model';
import { isEmptyValue } from '../../../model/rules';
import {
  dynamicEntity,
  dynamicFieldShown,
  dynamicFields,
  fieldsHiddenByRole,
  dynamicFormNamesErrors,
  parseDynamicForm,
  prepareDynamicValues,
  DYNAMIC_TYPE_TABLE,
  type DynamicFieldType,
  type DynamicFormDefinition,
  type DynamicFormRef,
} from '../../../model/dynamic-form';
import type { AuthContext } from '../../access/auth-context';
import { assertCan, type Verb } from '../../access/permissions';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../http/errors';
import type { Row } from '../../resources/document-input';
import { registerReadSource, type JsonDocumentStore } from '../../resources/document-read';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { MAX_PAGE_SIZE } from '../../resources/page-query';
import { registerSaveHook, type WriteActor } from '../../resources/save-hooks';
import { deriveRecords, serviceWrite } from '../../resources/record-writer';
import { withTenant } from '../../kernel/rls';
import { viewPage } from '../../resources/view-reader';
import { dynamicForm, formScenario, formToFill } from '../../../model/entities/dynamic-form.entity';
import { adminProjectType } from '../../../model/entities/admin-settings.entity';
import { processDef } from '../../../model/entities/process-def.entity';
import { readRecords } from '../../resources/record-read';
import { withFormApproval } from '../../../model/dynamic-form-approval';
import { isRecordApprovalField, recordApprovalColumns } from './dynamic-form-approval';

/**
 * Dynamic forms at run time (issue 14). A stored definition becomes an entity declaration
 * (`dynamicEntity`, src/model/dynamic-form.ts), and its records are served with the generic API's
 * shapes under `/api/crossapi/dynformdata/<code>/page|count|view|save|remove|history|export`, so the
 * registry's list, drawer and Excel export work on them unchanged:
 *
 * - records are one jsonb document each in `dyn_form_record` (tenant column, form id, the version
 *   of the design they were filled with). Lists read them through a derived table that turns each
 *   field of the current design into a typed column (`(r.data->>'qty')::bigint as "qty"`: the key is
 *   a bound parameter and the column name a quoted identifier of a validated key): the table's read
 *   source (`recordSource`), so the generic list, its count and a record's view (resource.service.ts:
 *   filters, quick search, sort, paging, reference labels) and the export's reader run over it;
 * - a save is the document writer's (`writeDocument` with a JSON document `store`): the body's
 *   fields, defaults, the form's calculations and visibility (`prepareDynamicValues`), field rules
 *   and the entity's checks (the same code as every registry document and as the drawer),
 *   references within the company, the version check, the audit row; a removal is the writer's too.
 *
 * Permissions: menu code `dyn.data` (every company role that works with business data may fill
 * forms; line members, evaluators and guests read). Designing is the `dynform` registry entity's
 * (administrators, menu `admin.dynform`).
 */
export type DynamicContext = { db: Db; auth: AuthContext | null; ip: string | null; language: Language };

export const DYN_MENU = 'dyn.data';

/** `process`: the code of the approval process the form's records go through (issue 35), or null. */
export type LoadedForm = { form: DynamicFormRef; definition: DynamicFormDefinition; entity: EntityDef; process: string | null };

type FormRow = { id: number; code: string; name: string; name_en: string | null; status: string; definition: unknown; form_version: number | null; process_id: number | null };
const FORM_FIELDS = ['id', 'code', 'name', 'name_en', 'status', 'definition', 'form_version', 'process_id'] as const;

async function callerTenant(ctx: DynamicContext, verb: Verb): Promise<{ auth: AuthContext; clientId: number }> {
  if (!ctx.auth) throw new AppError('err.unauthorized');
  const clientId = await assertCan(ctx.auth, DYN_MENU, verb, ctx);
  return { auth: ctx.auth, clientId };
}

function loadedOf(row: FormRow, process: string | null): LoadedForm {
  const definition = parseDynamicForm(row.definition);
  if (!definition) throw new AppError('dynform.noDefinition');
  const form: DynamicFormRef = { id: row.id, code: row.code, name: row.name, name_en: row.name_en, version: row.form_version ?? 1 };
  const loaded = { form, definition, entity: withFormApproval(dynamicEntity(form, definition), process), process };
  formOfEntity.set(loaded.entity, loaded);
  return loaded;
}

/**
 * The company's enabled form (an empty status is the declared default, enabled) that `where` names,
 * with its current design and the code of the process it names (the engine's declared reads within
 * the company); 404 for another company's or a disabled one.
 */
async function enabledForm(tx: Db, clientId: number, where: { code: string } | { id: number }): Promise<LoadedForm> {
  const row = (await readRecords<FormRow>(tx, dynamicForm, clientId, { where, fields: FORM_FIELDS })).find((f) => f.status === 'active');
  if (!row) throw notFound('dynform.notFound');
  const process = row.process_id === null ? [] : await readRecords<{ code: string }>(tx, processDef, clientId, { where: { id: row.process_id }, fields: ['code'] });
  return loadedOf(row, process[0]?.code ?? null);
}

/** The company's enabled form of a code, with its current design (404 for another company's or a disabled one). */
export async function loadForm(tx: Db, clientId: number, codeRaw: unknown): Promise<LoadedForm> {
  const code = typeof codeRaw === 'string' ? codeRaw.trim().toUpperCase() : '';
  if (!code || code.length > 40) throw notFound('dynform.notFound');
  return enabledForm(tx, clientId, { code });
}

/**
 * The records of one form (the entity its design turns into, named by the form's code) as a table
 * with a column per field of its design: what the generic list, count and view read in place of
 * `dyn_form_record` (registered as its read source). Keys are bound as parameters; the column names
 * are quoted identifiers of keys the designer validated; the readers add the company's condition.
 */
function recordSource(entity: EntityDef): RawBuilder<unknown> {
  const cols = entity.fields.filter((f) => !isRecordApprovalField(f.key)).map((f) => {
    const spec = FIELD_TYPE_TABLE[f.type];
    return spec.storage === 'jsonb'
      ? sql`(r.data -> ${f.key}::text) as ${sql.id(f.key)}`
      : sql`(r.data ->> ${f.key}::text)::${sql.raw(spec.sqlType)} as ${sql.id(f.key)}`;
  });
  return sql`(select r.id, r.client_id, r.version, r.created_by, r.created_at, r.updated_by, r.updated_at, r.form_version, ${recordApprovalColumns}${
    cols.length ? sql`, ${sql.join(cols)}` : sql``
  } from dyn_form_record r join dyn_form f on f.id = r.form_id and f.client_id = r.client_id and f.code = ${entity.name})`;
}

/** The company's enabled form of a code as the generic reads take it: its records' entity (404 for another company's or a disabled one). */
export async function formEntity(ctx: DynamicContext, code: unknown): Promise<EntityDef> {
  const { clientId } = await callerTenant(ctx, 'read');
  return (await withTenant(ctx.db, clientId, (tx) => loadForm(tx, clientId, code))).entity;
}

export type FormSummary = { id: number; code: string; name: string; name_en: string | null; version: number };

/** The company's enabled forms that have a design (what "fill in forms" offers): the rows of its list (the view `dynformfill`), all of them. */
export async function listForms(ctx: DynamicContext): Promise<{ rows: FormSummary[] }> {
  const page = await viewPage(ctx, formToFill, { size: String(MAX_PAGE_SIZE), count: 'none' });
  return { rows: page.rows.map((x) => ({ id: Number(x.id), code: String(x.code), name: String(x.name), name_en: (x.name_en as string | null) ?? null, version: Number(x.form_version ?? 1) })) };
}

/** One form's current design, for the browser to build its list and drawer. */
export async function formDesign(ctx: DynamicContext, code: unknown): Promise<DynamicFormRef & { definition: DynamicFormDefinition; process: string | null }> {
  const { clientId } = await callerTenant(ctx, 'read');
  const loaded = await withTenant(ctx.db, clientId, (tx) => loadForm(tx, clientId, code));
  return { ...loaded.form, definition: loaded.definition, process: loaded.process };
}

/**
 * `cpm-ot/scenario`: the form a scenario (by `code`) or a project type (by `project_type`, its
 * attached scenario) fills in, with its current design.
 */
export async function scenarioForm(ctx: DynamicContext, query: Record<string, unknown>) {
  const { clientId } = await callerTenant(ctx, 'read');
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase().slice(0, 40) : '');
  return withTenant(ctx.db, clientId, async (tx) => {
    // A project type names its attached scenario; else the scenario by its own code. An empty status is the declared default, enabled.
    const typeCode = text(query.project_type);
    const type = typeCode ? await readRecords<{ form_scenario_id: number | null }>(tx, adminProjectType, clientId, { where: { code: typeCode }, fields: ['form_scenario_id'] }) : null;
    const attached = type?.find((p) => p.form_scenario_id !== null)?.form_scenario_id;
    const where = type ? (attached ? { id: attached } : null) : text(query.code) ? { code: text(query.code) } : null;
    const scenarios = where ? await readRecords<{ id: number; code: string; name: string; form_id: number; status: string }>(tx, formScenario, clientId, { where, fields: ['id', 'code', 'name', 'form_id', 'status'] }) : [];
    const scenario = scenarios.find((x) => x.status === 'active');
    if (!scenario) throw notFound('dynform.scenarioNotFound');
    const loaded = await enabledForm(tx, clientId, { id: scenario.form_id });
    return { scenario: { id: scenario.id, code: scenario.code, name: scenario.name }, form: { ...loaded.form, definition: loaded.definition, process: loaded.process } };
  });
}

// ---------------------------------------------------------------------------------------------
// records: the generic document calls over the form's entity (the table's read source and JSON store, registered below)

/** The form each records' entity was made from (`loadedOf`): what the table's JSON store is built from. */
const formOfEntity = new WeakMap<EntityDef, LoadedForm>();

/**
 * Where a form's records keep its fields for the document writer: one JSON object (`data`) of the
 * form's rows, with the form and the design version set on every write; the form's calculations
 * and visibility before the field rules; a field limited to roles the writer lacks is neither seen
 * nor changed by them (it keeps its value), and a role-limited required field is required of those
 * who see it. The flow's hold on a record and an approval a person's change voids are the flow's
 * save hook, as for every document (approval.service.ts `flowGuard`).
 */
function recordStore(entity: EntityDef): JsonDocumentStore {
  const loaded = formOfEntity.get(entity);
  if (!loaded) throw notFound('dynform.notFound');
  const hiddenFor = (roles: readonly string[]) => fieldsHiddenByRole(loaded.definition, roles).map((f) => f.key);
  return {
    column: 'data',
    keys: entity.fields.filter((f) => !isRecordApprovalField(f.key)).map((f) => f.key),
    columns: { form_id: loaded.form.id, form_version: loaded.form.version },
    where: sql`t.form_id = ${loaded.form.id}`,
    lockedFor: hiddenFor,
    prepare: (values) => prepareDynamicValues(loaded.definition, values),
    check: (values, errors, roles) => {
      const hidden = new Set(hiddenFor(roles));
      for (const f of dynamicFields(loaded.definition))
        if (f.required && f.roles?.length && !hidden.has(f.key) && !errors[f.key] && dynamicFieldShown(f, values) && isEmptyValue(values[f.key])) errors[f.key] = { key: 'rule.required' };
    },
  };
}

/** One filled form written inside the caller's tenant transaction (a seed's, the records' import) by the document writer, against the current design. Returns its id. */
export async function writeRecord(tx: Db, actor: WriteActor, loaded: LoadedForm, write: { id: number | null; version: number | null; body: Row }): Promise<number> {
  return writeDocument(writeContext(tx, actor, 'form'), loaded.entity, write);
}

/** The export's plan parts: the form and the caller's company (export.service writes the file from the records' read source). */
export async function exportForm(ctx: DynamicContext, code: unknown): Promise<{ loaded: LoadedForm; clientId: number }> {
  const { clientId } = await callerTenant(ctx, 'export');
  return { loaded: await withTenant(ctx.db, clientId, (tx) => loadForm(tx, clientId, code)), clientId };
}

// ---------------------------------------------------------------------------------------------
// the designer's rules on the form itself (registry entity `dynform`)

/**
 * Every save of a form runs the designer's rules (spec 5: duplicate field keys and duplicate option
 * values are refused), keyed `definition.sections[0].fields[1].key`; a field key keeps its type
 * across versions (its stored values are typed by it). A changed design becomes a new version.
 */
export function registerDynamicFormHooks(): void {
  // A form's records are read as a table with a column per field; their rows carry the design version they were filled with.
  // Its writes keep the fields as one JSON object (`recordStore`): the generic save, removal and history serve them.
  registerReadSource('dyn_form_record', { source: recordSource, columns: ['form_version'], dataScope: false, store: recordStore });
  registerSaveHook('dynform', {
    validate: async ({ tx, clientId, before, values, errors }) => {
      const definition = values.definition;
      // A form is created before it is designed: no definition (or an empty object) is "not designed yet".
      if (definition === null || definition === undefined || (typeof definition === 'object' && !Array.isArray(definition) && !Object.keys(definition).length)) return;
      // What each section, field and option holds is the field's declaration (checked with the record's
      // values, at `definition.<path>`); what reads the whole form is added here.
      for (const [path, e] of Object.entries(dynamicFormNamesErrors(definition))) errors[`definition.${path}`] ??= e;
      if (Object.keys(errors).some((k) => k === 'definition' || k.startsWith('definition.')) || !before) return;
      const earlier = await sql<{ definition: unknown }>`select definition from dyn_form_version where client_id = ${clientId} and form_id = ${before.id} order by version_no`.execute(tx);
      const typeOf = new Map<string, string>();
      for (const v of earlier.rows) {
        const def = parseDynamicForm(v.definition);
        if (def) for (const f of dynamicFields(def)) typeOf.set(f.key, f.type);
      }
      (definition as DynamicFormDefinition).sections.forEach((s, si) =>
        s.fields.forEach((f, fi) => {
          const was = typeOf.get(f.key) as DynamicFieldType | undefined;
          // Stored values are typed by the registry type a designer type is stored as: text may become an autocomplete or a location.
          if (was && DYNAMIC_TYPE_TABLE[was].fieldType !== DYNAMIC_TYPE_TABLE[f.type].fieldType) errors[`definition.sections[${si}].fields[${fi}].type`] = { key: 'dynform.typeChanged', params: { key: f.key, from: was, to: f.type } };
        }),
      );
    },
    afterWrite: async ({ tx, clientId, ids, actor }) => {
      for (const id of ids) {
        const latest = await sql<{ version_no: number; same: boolean }>`select v.version_no, v.definition = f.definition as same
          from dyn_form f left join dyn_form_version v on v.client_id = f.client_id and v.form_id = f.id
          where f.client_id = ${clientId} and f.id = ${id} and f.definition ? 'sections' order by v.version_no desc nulls last limit 1`.execute(tx);
        const row = latest.rows[0];
        if (!row || row.same) continue;
        const next = Number(row.version_no ?? 0) + 1;
        await sql`insert into dyn_form_version (client_id, form_id, version_no, definition, created_by)
          select client_id, id, ${next}, definition, ${actor.userId} from dyn_form where client_id = ${clientId} and id = ${id}`.execute(tx);
        await deriveRecords(serviceWrite(tx, { clientId, userId: actor.userId }), 'dynform', [id], { form_version: next });
      }
    },
    beforeRemove: async ({ tx, clientId, rows }) => {
      const ids = rows.map((r) => Number(r.id));
      const used = await sql<{ n: number }>`select count(*)::int as n from dyn_form_record where client_id = ${clientId} and form_id = any(${ids}::bigint[])`.execute(tx);
      if (used.rows[0].n > 0) throw new AppError('dynform.hasRecords', { params: { count: used.rows[0].n } });
    },
  });
}
