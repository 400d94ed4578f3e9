import { Field, InfoLabel, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { forwardRef, useCallback, useImperativeHandle, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { fieldErrorsOf } from '../api/reactions';
import { entityApi, type Row } from '../api/entity-api';
import { tokenContext, useFormSession } from './session-scope';
import { ChildGrid, newRowKey, type ChildGridProps, type ChildRow } from '../grid/ChildGrid';
import { MatrixEntries } from '../grid/MatrixEntries';
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
  helpFor,
  isFieldDisabled,
  isFieldVisible,
  isHiddenByStyle,
  recordToValues,
  resetValues,
  splitServerErrors,
  submitBody,
  validateForm,
  type FormContext,
  type FormValues,
  type RouteAction,
} from './form-logic';
import { WIDGETS } from './widgets';

/**
 * The config-driven form of a page (spec 3 "Form configuration"): its sections and fields, with
 * the entity's child grids for master-detail pages. react-hook-form holds the values and errors;
 * every rule of behaviour (conditions, calculation, clearing, validation, the submit body, reset)
 * comes from the pure functions of form-logic.ts.
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

/** What a form's draft keeps (issue 29): the header values and the child lines. */
type FormDraft = { values: FormValues; children: Record<string, ChildRow[]> };

/** Child rows without their grid keys, as text: what a change of lines is compared by. */
const linesText = (rows: Record<string, ChildRow[]>) => JSON.stringify(Object.entries(rows).map(([k, list]) => [k, list.map(({ __key: _k, ...r }) => r)]));

export type EntityFormProps = {
  resolved: ResolvedPage;
  action: RouteAction;
  /** The stored document (edit, view, copy); null for a new one. */
  record: Row | null;
  onSaved: (row: Row) => void;
  onBusyChange?: (busy: boolean) => void;
  /**
   * A child collection shown by a hand-made editor instead of the child grid (the orders area's
   * colour-size matrix), by child key; the rows, errors and save stay the form's.
   */
  childRenderers?: Record<string, (props: ChildGridProps) => ReactNode>;
  /**
   * Where the unsaved-changes guard keeps this form's draft (page and document): given, leaving
   * with changes asks, a reload keeps them and reopening the document offers them back.
   */
  draftKey?: { page: string; doc: string } | null;
};

const SPAN: Record<string, number> = { full: 6, half: 3, third: 2, quarter: 1 };

const useStyles = makeStyles({
  section: { marginBottom: '18px' },
  sectionTitle: { display: 'block', margin: '4px 0 10px', paddingBottom: '4px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', columnGap: '16px', rowGap: '10px' },
  field: { minWidth: 0 },
});

function spanOf(field: ResolvedField): number {
  const classes = (field.spanClass ?? '').split(/\s+/);
  for (const c of classes) if (SPAN[c]) return SPAN[c];
  // resolveField gives every entity field its type's span; a declaration-only field is half width.
  return SPAN.half;
}

/** Copying a document keeps its values but not its identity or its number. */
function copyOf(record: Row, resolved: ResolvedPage): Row {
  const rest: Row = Object.fromEntries(Object.entries(record).filter(([k]) => !systemColumn(k)));
  if (resolved.entity.numbering) rest[resolved.entity.numbering.field] = '';
  for (const c of resolved.children) rest[c.child.key] = ((rest[c.child.key] as Row[] | undefined) ?? []).map(({ id: _cid, ...r }) => r);
  return rest;
}

export const EntityForm = forwardRef<EntityFormHandle, EntityFormProps>(function EntityForm(props, ref) {
  const { resolved, action } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const s = useStyles();
  const session = useFormSession();
  const fields = useMemo(() => formFields(resolved), [resolved]);
  const api = useMemo(() => entityApi(resolved), [resolved]);

  // The form is keyed by record by its parent; values are computed once per mount.
  const [initial] = useState<FormValues>(() => {
    const tokens = tokenContext(session);
    if (!props.record) return resetValues(fields, tokens);
    const source = action === 'copy' ? copyOf(props.record, resolved) : props.record;
    return recordToValues(fields, source);
  });

  const childInitial = useMemo(() => {
    const out: Record<string, ChildRow[]> = {};
    for (const c of resolved.children) {
      const rows = (initial[c.child.key] as Row[] | undefined) ?? [];
      out[c.child.key] = rows.map((r) => ({ ...recordToValues(c.fields, r), __key: r.id ? `id-${String(r.id)}` : newRowKey() }));
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
  const [childErrors, setChildErrors] = useState<Record<string, Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const submitted = useRef(false);
  const ctx: FormContext = { values, session, action };
  // Issue 29: one guard for every edited form; a restored draft remounts the child editors (they read their rows once).
  const linesNow = linesText(children);
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

  const setBusyBoth = (b: boolean) => {
    setBusy(b);
    props.onBusyChange?.(b);
  };

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

  const serverErrors = () => {
    const out: Record<string, string> = {};
    for (const [k, e] of Object.entries(form.formState.errors)) if (e?.type === 'server' && typeof e.message === 'string') out[k] = e.message;
    return out;
  };

  const submit = async () => {
    if (action === 'view' || busy) return;
    submitted.current = true;
    const current = form.getValues();
    const outcome = validateForm(fields, { values: current, session, action }, (k, p) => t(k, p ?? {}), serverErrors(), resolved.entity);
    const rowErrors: Record<string, Record<string, string>> = {};
    for (const c of resolved.children) {
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
    for (const c of resolved.children) body[c.child.key] = (children[c.child.key] ?? []).map((r) => childRowBody(c.fields, r));
    setBusyBoth(true);
    try {
      const saved = await api.save(body);
      toast.success(t('msg.saved'));
      guard.saved();
      props.onSaved(saved);
    } catch (e) {
      // Spec 8: the toast is raised by the API reactions; 11000 field errors go onto the fields.
      if (e instanceof ApiError && e.errors) {
        const split = splitServerErrors(fieldErrorsOf(e.errors), resolved.children.map((c) => c.child.key));
        for (const [k, m] of Object.entries(split.header)) form.setError(k, { type: 'server', message: m });
        setChildErrors(split.children);
      }
    } finally {
      setBusyBoth(false);
    }
  };

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

  useImperativeHandle(ref, () => ({ submit, reset, busy, dirty: () => isDirty || form.formState.isDirty || linesText(children) !== initialLines.current, forget: guard.discard }));

  const errors = form.formState.errors;
  return (
    <form
      data-testid="entity-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {resolved.sections.map((section) => {
        const shown = section.form.filter((f) => isFieldVisible(f, ctx));
        if (!shown.length) return null;
        return (
          <section key={section.modelName} className={s.section} data-model={section.modelName}>
            {section.title && <Subtitle2 className={s.sectionTitle}>{language === 'en' ? section.title.en : section.title.zh}</Subtitle2>}
            <div className={s.grid}>
              {shown.map((f) => {
                const Widget = WIDGETS[f.type] ?? WIDGETS[''];
                const id = fieldDomId(resolved, f);
                const message = errors[f.field]?.message;
                const help = helpFor(f.field, fields, language);
                const label = language === 'en' ? f.labelEn : f.label;
                const disabled = isFieldDisabled(f, ctx) || busy;
                return (
                  <div key={f.field} className={s.field} style={{ gridColumn: `span ${spanOf(f)}`, display: isHiddenByStyle(f) ? 'none' : undefined }} data-field={f.field}>
                    <Field
                      label={help.length ? { children: <InfoLabel info={help.join(' ')}>{label}</InfoLabel> } : label}
                      required={f.required && action !== 'view'}
                      validationState={message ? 'error' : 'none'}
                      validationMessage={typeof message === 'string' ? message : undefined}
                    >
                      <Widget
                        id={id}
                        field={f}
                        value={values[f.field]}
                        onChange={(v) => change(f, v)}
                        onBlur={() => blur(f)}
                        disabled={disabled}
                        invalid={Boolean(message)}
                        language={language}
                        values={values}
                        setValues={(patch) => {
                          for (const [k, v] of Object.entries(patch)) form.setValue(k, v, { shouldDirty: true });
                        }}
                        recordId={typeof values.id === 'number' ? values.id : null}
                      />
                    </Field>
                  </div>
                );
              })}
            </div>
          </section>
        );
      })}
      {resolved.children.map((c) => {
        const childProps: ChildGridProps = {
          grid: c,
          rows: children[c.child.key] ?? [],
          onChange: (rows) => {
            setChildren((all) => ({ ...all, [c.child.key]: rows }));
            setChildErrors((all) => ({ ...all, [c.child.key]: {} }));
          },
          errors: childErrors[c.child.key] ?? {},
          disabled: action === 'view' || busy,
          newRow: () => ({ ...resetValues(c.fields, tokenContext(session)), __key: newRowKey() }),
        };
        const custom = props.childRenderers?.[c.child.key];
        if (custom) return <div key={`${c.child.key}-${restored}`}>{custom(childProps)}</div>;
        // A child that declares a matrix (ChildMatrix) is entered as colour x size blocks, where its `when` holds.
        if (c.matrix && matrixApplies(c.matrix, values)) return <MatrixEntries key={`${c.child.key}-matrix-${restored}`} {...childProps} currency={values.currency ? String(values.currency) : undefined} />;
        return <ChildGrid key={`${c.child.key}-${restored}`} {...childProps} />;
      })}
      {guard.dialog}
    </form>
  );
});

/** Whether a declared matrix applies to the document as it stands (its `when`: a purchase order of finished goods). */
export function matrixApplies(matrix: ChildMatrix, values: Record<string, unknown>): boolean {
  return !matrix.when || String(values[matrix.when.field] ?? '') === matrix.when.value;
}

export function fieldDomId(resolved: ResolvedPage, field: Pick<ResolvedField, 'field'>): string {
  return `f-${resolved.page.opt}-${field.field}`;
}
