import { useCallback, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { fieldErrorsOf } from '../api/reactions';
import { entityApi, type Row } from '../api/entity-api';
import { tokenContext, useFormSession } from './session-scope';
import { newRowKey, type ChildRow } from '../grid/ChildGrid';
import { LINE_KEY } from '../grid/child-grid-lines';
import { toast } from '../kernel/toast-bus';
import { useUnsavedGuard } from './use-unsaved-guard';
import { formFields, type ResolvedField, type ResolvedPage } from '../../model/page-resolve';
import { systemColumn } from '../../model/field-types';
import type { ChildMatrix } from '../../model/entity';
import {
  changeEffects,
  childRowBody,
  childRowErrors,
  formatWithExpression,
  pickEffects,
  recordToValues,
  resetValues,
  splitServerErrors,
  submitBody,
  validateForm,
  type FormContext,
  type FormValues,
  type PickedRow,
  type RouteAction,
} from './form-logic';

/**
 * The logic of the config-driven form (EntityForm is its view): the values in react-hook-form,
 * the child lines, the unsaved-changes guard and its draft, change and blur effects, submit and reset.
 * Every rule of behaviour comes from the pure functions of form-logic.ts.
 */
export type EntityFormHandle = {
  submit: () => Promise<void>;
  reset: () => void;
  busy: boolean;
  /** Whether the user changed a value or a line since the form opened (closing then asks first). */
  dirty: () => boolean;
  /** The user chose to drop the changes (a confirmed close): their kept draft goes too. */
  forget: () => void;
};

/** What the form's logic needs from its props. */
export type EntityFormInput = {
  resolved: ResolvedPage;
  action: RouteAction;
  record: Row | null;
  onSaved: (row: Row) => void;
  onBusyChange?: (busy: boolean) => void;
  draftKey?: { page: string; doc: string } | null;
  /**
   * Instead of saving, hands the checked body to this (the component gallery's examples, whose
   * declarations have no table): the same validation runs, then the body the save would send.
   */
  check?: (body: Row) => void;
  /**
   * Saves through this instead of the entity's generic save (a declared call: a ticket raised across
   * the two companies of a document); its 11000 field errors go onto the fields as the save's do.
   */
  save?: (body: Row) => Promise<Row>;
  /** Values a new record opens with over its defaults (the document a ticket is raised on, from the address). */
  initial?: Row;
};

/** What a form's draft keeps (issue 29): the header values and the child lines. */
type FormDraft = { values: FormValues; children: Record<string, ChildRow[]> };
type ChildErrors = Record<string, Record<string, string>>;
type Session = ReturnType<typeof useFormSession>;

/** Child rows without their grid keys, as text: what a change of lines is compared by. */
const linesText = (rows: Record<string, ChildRow[]>) => JSON.stringify(Object.entries(rows).map(([k, list]) => [k, list.map(({ __key: _k, ...r }) => r)]));

/** Copying a document keeps its values but not its identity or its number. */
function copyOf(record: Row, resolved: ResolvedPage): Row {
  const rest: Row = Object.fromEntries(Object.entries(record).filter(([k]) => !systemColumn(k)));
  if (resolved.entity.numbering) rest[resolved.entity.numbering.field] = '';
  for (const c of resolved.children) rest[c.child.key] = ((rest[c.child.key] as Row[] | undefined) ?? []).map(({ id: _cid, ...r }) => r);
  return rest;
}

/** Whether a declared matrix applies to the document as it stands (its `when`: a purchase order of finished goods). */
export function matrixApplies(matrix: ChildMatrix, values: Record<string, unknown>): boolean {
  return !matrix.when || String(values[matrix.when.field] ?? '') === matrix.when.value;
}

export function fieldDomId(resolved: ResolvedPage, field: Pick<ResolvedField, 'field'>): string {
  return `f-${resolved.page.opt}-${field.field}`;
}

/** The form's values and lines as they open, with the guard that keeps their draft. */
function useFormValues(props: EntityFormInput, fields: ResolvedField[], session: Session) {
  const { resolved, action } = props;
  // The form is keyed by record by its parent; values are computed once per mount.
  const [initial] = useState<FormValues>(() => {
    const tokens = tokenContext(session);
    if (!props.record) return { ...resetValues(fields, tokens), ...props.initial };
    const source = action === 'copy' ? copyOf(props.record, resolved) : props.record;
    return recordToValues(fields, source);
  });
  const childInitial = useMemo(() => {
    const out: Record<string, ChildRow[]> = {};
    for (const c of resolved.children) {
      const rows = (initial[c.child.key] as Row[] | undefined) ?? [];
      // A grid that runs its lines' transitions keeps each line as read (its id, version and the fields a `when` reads).
      const keepLine = c.lineActions.length > 0 || Object.keys(c.lineCells).length > 0;
      out[c.child.key] = rows.map((r) => ({ ...recordToValues(c.fields, r), __key: r.id ? `id-${String(r.id)}` : newRowKey(), ...(keepLine ? { [LINE_KEY]: r } : {}) }));
    }
    return out;
  }, [initial, resolved]);

  const form = useForm<FormValues>({ defaultValues: initial, mode: 'onSubmit' });
  const values = form.watch();
  const [children, setChildren] = useState<Record<string, ChildRow[]>>(childInitial);
  // Child grids edit their row objects in place, so the lines are compared with a text snapshot.
  const initialLines = useRef(linesText(childInitial));
  // Read during render so react-hook-form keeps isDirty up to date for `dirty()`.
  const { isDirty } = form.formState;
  // Issue 29: one guard for every edited form; a restored draft remounts the child editors (they read their rows once).
  const linesNow = useMemo(() => linesText(children), [children]);
  const changed = isDirty || linesNow !== initialLines.current;
  const guarded = Boolean(props.draftKey) && action !== 'view';
  const [restored, setRestored] = useState(0);
  const guard = useUnsavedGuard<FormDraft>(guarded && changed, {
    draft: guarded ? props.draftKey : null,
    revision: guarded ? JSON.stringify(values) + linesNow : null,
    snapshot: () => ({ values: form.getValues(), children }),
    onRestore: (d) => {
      for (const [k, v] of Object.entries(d?.values ?? {})) form.setValue(k, v, { shouldDirty: true });
      if (d?.children) setChildren(d.children);
      setRestored((n) => n + 1);
    },
  });
  const dirty = () => isDirty || form.formState.isDirty || linesText(children) !== initialLines.current;
  return { form, values, children, setChildren, guard, restored, dirty };
}

/** A field's change (with its calculated and cleared fields), a reference's pick and a field's blur (its format expression). */
function useFieldEdits(form: UseFormReturn<FormValues>, fields: ResolvedField[], session: Session, action: RouteAction) {
  const change = useCallback(
    (field: ResolvedField, value: unknown) => {
      form.setValue(field.field, value, { shouldDirty: true });
      // A changed value drops its old error (an existing error keeps a field invalid only until it changes).
      form.clearErrors(field.field);
      const current = { ...form.getValues(), [field.field]: value };
      const patch = changeEffects(field, fields, { values: current, session, action });
      for (const [k, v] of Object.entries(patch)) {
        form.setValue(k, v, { shouldDirty: true });
        form.clearErrors(k);
      }
    },
    [form, fields, session, action],
  );
  // A reference's pick sets its display, split and defaulting fields (spec 3); each drops its old error.
  const pick = useCallback(
    (field: ResolvedField, row: PickedRow | null) => {
      for (const [k, v] of Object.entries(pickEffects(field, row, fields))) {
        form.setValue(k, v, { shouldDirty: true });
        form.clearErrors(k);
      }
    },
    [form, fields],
  );
  const blur = useCallback(
    (field: ResolvedField) => {
      if (field.formatExp) {
        const v = form.getValues(field.field);
        const formatted = formatWithExpression(field.formatExp, v, { values: form.getValues(), session, action });
        if (formatted !== v) form.setValue(field.field, formatted);
      }
    },
    [form, session, action],
  );
  return { change, blur, pick };
}

type SubmitDeps = {
  props: EntityFormInput;
  fields: ResolvedField[];
  session: Session;
  form: UseFormReturn<FormValues>;
  children: Record<string, ChildRow[]>;
  setChildErrors: (e: ChildErrors) => void;
  busy: boolean;
  setBusy: (b: boolean) => void;
  onSaved: () => void;
};

/** Validates the form and its lines (spec 5), then saves; the server's field errors go onto the fields. */
function useSubmit({ props, fields, session, form, children, setChildErrors, busy, setBusy, onSaved }: SubmitDeps) {
  const { t } = useTranslation();
  const { resolved, action } = props;
  const api = useMemo(() => entityApi(resolved), [resolved]);
  const serverErrors = () => {
    const out: Record<string, string> = {};
    for (const [k, e] of Object.entries(form.formState.errors)) if (e?.type === 'server' && typeof e.message === 'string') out[k] = e.message;
    return out;
  };
  return async () => {
    if (action === 'view' || busy) return;
    const current = form.getValues();
    const outcome = validateForm(fields, { values: current, session, action }, (k, p) => t(k, p ?? {}), serverErrors(), resolved.entity);
    const rowErrors: ChildErrors = {};
    for (const c of resolved.children.filter((x) => x.editable)) {
      const errs = childRowErrors(c.fields, children[c.child.key] ?? [], { session, action }, (k, p) => t(k, p ?? {}), c.entity);
      if (Object.keys(errs).length) rowErrors[c.child.key] = errs;
    }
    form.clearErrors();
    for (const [k, m] of Object.entries(outcome.errors)) form.setError(k, { type: 'rule', message: m });
    setChildErrors(rowErrors);
    if (!outcome.valid || Object.keys(rowErrors).length) {
      // Spec 5: one toast and the submission is blocked.
      toast.error(t('form.correctErrors'));
      const first = fields.find((f) => outcome.errors[f.field]);
      if (first) document.getElementById(fieldDomId(resolved, first))?.focus();
      return;
    }
    const body = submitBody(fields, current);
    // A read-only grid's lines are the server's (a statement's matched lines): never sent, so never replaced.
    for (const c of resolved.children.filter((x) => x.editable)) body[c.child.key] = (children[c.child.key] ?? []).map((r) => childRowBody(c.fields, r));
    if (props.check) return props.check(body);
    setBusy(true);
    try {
      const saved = await (props.save ?? api.save)(body);
      toast.success(t('msg.saved'));
      onSaved();
      props.onSaved(saved);
    } catch (e) {
      // Spec 8: the toast is raised by the API reactions; 11000 field errors go onto the fields.
      if (e instanceof ApiError && e.errors) {
        const split = splitServerErrors(fieldErrorsOf(e.errors), resolved.children.map((c) => c.child.key));
        for (const [k, m] of Object.entries(split.header)) form.setError(k, { type: 'server', message: m });
        setChildErrors(split.children);
      }
    } finally {
      setBusy(false);
    }
  };
}

/** The whole form's state and commands, and the handle its parent drives it by. */
export function useEntityForm(props: EntityFormInput, ref: Ref<EntityFormHandle>) {
  const { resolved, action } = props;
  const session = useFormSession();
  const fields = useMemo(() => formFields(resolved), [resolved]);
  const state = useFormValues(props, fields, session);
  const { form, values, children, setChildren, guard } = state;
  const [childErrors, setChildErrors] = useState<ChildErrors>({});
  const [busy, setBusyOnly] = useState(false);
  const setBusy = (b: boolean) => {
    setBusyOnly(b);
    props.onBusyChange?.(b);
  };
  const edits = useFieldEdits(form, fields, session, action);
  const submit = useSubmit({ props, fields, session, form, children, setChildErrors, busy, setBusy, onSaved: guard.saved });

  const reset = () => {
    // Spec 4: values return to defaults or per-type empties; errors are cleared. The document's
    // identity (id, version) stays so that a reset edit form still saves the same document.
    const keep: FormValues = {};
    for (const k of ['id', 'version']) if (values[k] !== undefined) keep[k] = values[k];
    form.reset(resetValues(fields, tokenContext(session), keep));
    setChildren(Object.fromEntries(resolved.children.map((c) => [c.child.key, action === 'add' ? [] : (children[c.child.key] ?? [])])));
    setChildErrors({});
    form.clearErrors();
  };

  useImperativeHandle(ref, () => ({ submit, reset, busy, dirty: state.dirty, forget: guard.discard }));

  const ctx: FormContext = { values, session, action };
  const childLines = (key: string) => ({
    rows: children[key] ?? [],
    onChange: (rows: ChildRow[]) => {
      setChildren((all) => ({ ...all, [key]: rows }));
      // The same object when there were none: a new one would rebuild the grid's columns on every edit.
      setChildErrors((all) => (all[key] && Object.keys(all[key]).length === 0 ? all : { ...all, [key]: {} }));
    },
    errors: childErrors[key] ?? {},
    newRow: (c: { fields: ResolvedField[] }) => ({ ...resetValues(c.fields, tokenContext(session)), __key: newRowKey() }),
  });
  return { form, values, ctx, fields, busy, submit, ...edits, childLines, restored: state.restored, guardDialog: guard.dialog };
}
