import { useEffect, useMemo, useState } from 'react';
import type { FormOption, OptionsCall } from '../../model/page';
import type { ResolvedField } from '../../model/page-resolve';
import { requestOf } from './calls';
import { request, type RequestOptions } from './client';
import { apiBaseOf } from './resolved-page';
import { getEntity, type FieldDef } from '../../model/entity';
/** The form's values the options depend on (form-logic's FormValues). */
type FormValues = Record<string, unknown>;

export type SourceRow = Record<string, unknown>;

/** The label of an option in the interface language. */
export const optionText = (o: FormOption, language: 'zh-CN' | 'en') => (language === 'en' ? (o.labelEn ?? o.label) : o.label);

/** A reference's declared `where` as the list address's filters (`f.<field>.<op>`): the rows it may name. Pure. */
export function referenceWhere(ref: FieldDef['ref']): Record<string, string> {
  return Object.fromEntries(Object.entries(ref?.where ?? {}).map(([k, v]) => [`f.${k}`, v]));
}

/**
 * The rows a reference may name (its target's list under its `where`, the first 200 by code), for
 * a choice outside a form (a transition's parameter); null while they load. With `search` (a
 * `ref.searched` reference) the 50 rows matching the typed text, asked a quarter second after typing.
 *
 * Example: `const rows = useReferenceRows(param.ref);`
 */
export function useReferenceRows(ref: FieldDef['ref'], search?: string): SourceRow[] | null {
  const [rows, setRows] = useState<SourceRow[] | null>(null);
  const base = ref ? sourceListUrl(ref.entity) : null;
  const q = search?.trim();
  const query = JSON.stringify(search === undefined ? { size: 200, ...(ref?.codeField ? { sort: ref.codeField } : {}), ...referenceWhere(ref) } : { size: 50, ...(q ? { q } : {}), ...referenceWhere(ref) });
  useEffect(() => {
    if (!base) return setRows([]);
    let live = true;
    const timer = setTimeout(() => {
      request<{ rows: SourceRow[] }>(base, { method: 'GET', query: JSON.parse(query) as Record<string, string> }, { quiet: true }).then(
        (r) => live && setRows(r.rows),
        () => live && setRows([]),
      );
    }, search ? 250 : 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [base, query, search]);
  return rows;
}

/**
 * Filters of a source: `source.filter` values that start with `$` name another form field (the
 * cascade of spec 3 `cascadeTargetField`: the target's options follow the field it depends on).
 */
export function sourceQuery(field: ResolvedField, values: FormValues): Record<string, string> | null {
  const out: Record<string, string> = referenceWhere(field.def?.ref);
  for (const [k, v] of Object.entries(field.source?.filter ?? {})) {
    const actual = typeof v === 'string' && v.startsWith('$') ? values[v.slice(1)] : v;
    // A cascade whose parent is still empty offers nothing until the parent is chosen.
    if (actual === null || actual === undefined || actual === '') return null;
    out[`f.${k}.eq`] = String(actual);
  }
  return out;
}

/**
 * A source's rows as a field's options (spec 3 optionConfig valueField / labelField, else the
 * target's title, with its code after the label); `displayAvatarfield` names the row's picture,
 * shown beside each option of an imgdropdownbox. A field without a source offers its own options.
 */
export function optionsOfRows(field: ResolvedField, rows: readonly SourceRow[]): FormOption[] {
  if (!field.source) return field.options ?? [];
  const target = getEntity(field.source.entity);
  const vf = field.optionConfig?.valueField ?? 'id';
  const lf = field.optionConfig?.labelField ?? target?.titleField ?? 'name';
  const code = field.def?.ref?.codeField ?? target?.codeField;
  return rows.map((r) => ({ value: String(r[vf]), label: String(r[lf] ?? r[vf]) + (code && r[code] ? ` · ${String(r[code])}` : ''), image: field.displayAvatarfield ? String(r[field.displayAvatarfield] ?? '') : undefined }));
}

/**
 * Where a picker lists its source's rows: the entity's page endpoint, or for people (`user`, not a
 * registry entity) the own company's active users (id, account, name), for roles (`role`) the
 * company's roles (code, name).
 */
function sourceListUrl(entity: string): string | null {
  if (entity === 'user') return '/api/adminapi/users/options';
  if (entity === 'role') return '/api/adminapi/roles/options';
  const base = apiBaseOf(entity);
  return base ? `${base}/page` : null;
}

/**
 * Options of a choice widget: the declared options (dictionaries), or rows of the source entity
 * (spec 3 optionConfig valueField / labelField). With `isNotInitLoaded` the rows load only once
 * the widget is opened (`active`).
 */
export function useOptions(field: ResolvedField, values: FormValues, search: string, active: boolean): { options: FormOption[]; rows: SourceRow[]; loading: boolean } {
  const [rows, setRows] = useState<SourceRow[]>([]);
  const [loading, setLoading] = useState(false);
  const query = sourceRequest(field, values, search);
  const queryKey = JSON.stringify(query);
  const wanted = query !== null && (active || !field.isNotInitLoaded);
  useEffect(() => {
    if (!wanted || query === null) {
      setRows([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      request<{ rows: SourceRow[] }>(query.path, { ...query.options, signal: controller.signal }, { quiet: true })
        .then((r) => setRows(r.rows))
        .catch(() => setRows([]))
        .finally(() => setLoading(false));
    }, search ? 250 : 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- query is rebuilt every render; queryKey is its text, so the list reloads when the source, the search or the filter's values change
  }, [wanted, queryKey]);
  const options = useMemo<FormOption[]>(() => optionsOfRows(field, rows), [field, rows]);
  return { options, rows, loading };
}

/**
 * The input of a picker's declared call (`optionsCall`): its literals, its `$field` values from the
 * form (null while one is empty: nothing to offer yet) and what is typed under its `search`. Pure.
 */
export function optionsCallInput(oc: OptionsCall, values: FormValues, search: string): Record<string, unknown> | null {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(oc.input ?? {})) {
    const actual = v.startsWith('$') ? values[v.slice(1)] : v;
    if (actual === null || actual === undefined || actual === '') return null;
    out[k] = actual;
  }
  if (oc.search && search.trim()) out[oc.search] = search.trim();
  return out;
}

/**
 * The input that asks a picker's declared call for the rows of some of its chosen values (`chosen`:
 * their ids joined by commas), with its literals and `$field` values; null when the call names no
 * `chosen` field, none is wanted or a `$field` is empty. Pure.
 */
export function chosenCallInput(oc: OptionsCall | undefined, values: FormValues, wanted: readonly string[]): Record<string, unknown> | null {
  const input = oc?.chosen && wanted.length ? optionsCallInput(oc, values, '') : null;
  return input && { ...input, [oc!.chosen!]: wanted.join(',') };
}

/**
 * The rows of chosen values a picker has no label for (a saved record's people, named before any
 * search finds them), asked of its declared call for those it has not read yet; kept as they come.
 */
export function useChosenRows(field: ResolvedField, values: FormValues, chosen: readonly string[], valueField: string): SourceRow[] {
  const [rows, setRows] = useState<SourceRow[]>([]);
  const input = chosenCallInput(field.optionsCall, values, chosen.filter((v) => !rows.some((r) => String(r[valueField]) === v)));
  const key = JSON.stringify(input);
  useEffect(() => {
    if (!input) return;
    const controller = new AbortController();
    const { path, options } = requestOf(field.optionsCall!.call, input);
    request<{ rows: SourceRow[] }>(path, { ...options, signal: controller.signal }, { quiet: true })
      .then((r) => setRows((had) => [...had, ...r.rows]))
      .catch(() => undefined);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- input is rebuilt every render; key is its text, the only input of the read
  }, [key]);
  return rows;
}

/** Where a picker's rows come from: its declared call, or its source entity's list under its filter; null when nothing is to be asked. */
function sourceRequest(field: ResolvedField, values: FormValues, search: string): { path: string; options: RequestOptions } | null {
  if (field.optionsCall) {
    const input = optionsCallInput(field.optionsCall, values, search);
    return input && requestOf(field.optionsCall.call, input);
  }
  const base = field.source ? sourceListUrl(field.source.entity) : null;
  const filter = sourceQuery(field, values);
  if (!base || filter === null) return null;
  return { path: base, options: { method: 'GET', query: { size: 100, q: search.trim() || undefined, ...filter } } };
}

/**
 * The records a child grid's reference columns pick from (a line member's platform user): one
 * list per field, `id` to the record's title and code, loaded once when the grid opens.
 */
export function useReferenceOptions(fields: readonly ResolvedField[]): Record<string, FormOption[]> {
  const [out, setOut] = useState<Record<string, FormOption[]>>({});
  const refs = fields.filter((f) => f.def?.ref && f.source);
  const key = refs.map((f) => `${f.field}:${f.source!.entity}`).join(',');
  useEffect(() => {
    const controller = new AbortController();
    for (const f of refs) {
      const url = sourceListUrl(f.source!.entity);
      if (!url) continue;
      const target = getEntity(f.source!.entity);
      const lf = f.optionConfig?.labelField ?? target?.titleField ?? 'name';
      const code = f.def?.ref?.codeField ?? target?.codeField;
      request<{ rows: SourceRow[] }>(url, { method: 'GET', query: { size: 100 }, signal: controller.signal }, { quiet: true })
        .then((r) => setOut((o) => ({ ...o, [f.field]: r.rows.map((row) => ({ value: String(row.id), label: String(row[lf] ?? row.id) + (code && row[code] ? ` · ${String(row[code])}` : '') })) })))
        .catch(() => undefined);
    }
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refs is rebuilt every render; key names its fields and their sources, the only inputs of the load
  }, [key]);
  return out;
}
