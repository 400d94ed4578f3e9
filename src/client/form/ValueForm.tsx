import { useMemo } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { formFields, type ResolvedField, type ResolvedPage } from '../../model/page-resolve';
import { changeEffects, pickEffects, type FormContext, type FormValues, type PickedRow } from './form-logic';
import { FormSections, type FieldWidgets } from './FormSections';
import { useFormSession } from './session-scope';
import { PartErrorsContext } from './widgets/part-errors';

/**
 * A form bound to values held in memory by its page (issue 30: the form designer's selected field):
 * the page's sections drawn by the engine's widgets over `values`, with no record, no save and no
 * footer. Every change goes out at once as a patch (the changed field, what its declared clearing
 * and calculation set, and what the form's `effects` add); the form keeps what is typed (a list
 * typed as text, its trailing comma) and takes `values` again only when `resetKey` changes (another
 * object selected). `errors` are the page's own check, shown under their fields as they come,
 * without a submit; a widget that draws parts (a record list's rows) reads theirs with `usePartErrors`.
 *
 * Example: `<ValueForm resolved={fieldForm} values={valuesOf(field)} resetKey={`${s}.${f}`} errors={errs} onChange={(p) => setField(s, f, patchOf(p))} />`
 */
export type ValueFormProps = {
  resolved: ResolvedPage;
  values: FormValues;
  /** The form starts again from `values` only when this changes. */
  resetKey: string;
  /** The changed values, on every change. */
  onChange: (patch: FormValues) => void;
  /** Messages by field key (and by part, `options[1].value`, for a widget that draws parts), shown without a submit. */
  errors?: Record<string, string>;
  /**
   * What else a change of a field sets, beside its declared effects: values of other fields, applied
   * to the form and sent in the same patch (a designed field's type change sets its options and sizes).
   */
  effects?: (field: string, value: unknown, values: FormValues) => FormValues;
  /** Fields drawn by the page's own widget, by key (see FormSections). */
  widgets?: FieldWidgets;
  testId?: string;
};

function ValueFormBody(props: ValueFormProps) {
  const { resolved } = props;
  const session = useFormSession();
  const fields = useMemo(() => formFields(resolved), [resolved]);
  const errorsText = JSON.stringify(props.errors ?? {});
  // A field's message under it (react-hook-form's reactive errors); a part's (`options[1].value`) is its widget's.
  const errors = useMemo<FieldErrors<FormValues>>(
    () => Object.fromEntries(Object.entries(JSON.parse(errorsText) as Record<string, string>).filter(([k]) => /^[a-z_][a-z0-9_]*$/.test(k)).map(([k, message]) => [k, { type: 'value', message }])),
    [errorsText],
  );
  const form = useForm<FormValues>({ defaultValues: props.values, errors });
  const values = form.watch();
  const ctx: FormContext = { values, session, action: 'edit' };
  const apply = (patch: FormValues) => {
    for (const [k, v] of Object.entries(patch)) form.setValue(k, v, { shouldDirty: true });
    props.onChange(patch);
  };
  const change = (field: ResolvedField, value: unknown) => {
    const current = { ...form.getValues(), [field.field]: value };
    const declared = changeEffects(field, fields, { values: current, session, action: 'edit' });
    const own = props.effects?.(field.field, value, { ...current, ...declared }) ?? {};
    apply({ [field.field]: value, ...declared, ...own });
  };
  const pick = (field: ResolvedField, row: PickedRow | null) => apply(pickEffects(field, row, fields));
  const model = { form, values, ctx, fields, busy: false, change, blur: () => undefined, pick };
  return (
    <PartErrorsContext.Provider value={props.errors ?? {}}>
      <div data-testid={props.testId ?? 'value-form'}>
        <FormSections resolved={resolved} action="edit" model={model} widgets={props.widgets} />
      </div>
    </PartErrorsContext.Provider>
  );
}

/** See ValueFormProps: the engine's form over values in memory, started again when `resetKey` changes. */
export function ValueForm(props: ValueFormProps) {
  return <ValueFormBody key={props.resetKey} {...props} />;
}
