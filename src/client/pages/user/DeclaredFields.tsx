import { Field, Textarea, type InputProps } from '@fluentui/react-components';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { profileFormValues, type ProfileFormDef } from '../../../model/account-profile';
import { getDictionary } from '../../../model/dictionaries';
import type { FieldType } from '../../../model/field-types';
import { TextField } from '../../form/TextField';
import { DictSelectField } from './DictSelectField';
import { useUserStyles } from './user-styles';
import { labelIn } from '../../../model/label-text';

/**
 * A declared profile form's fields (src/model/profile-forms.ts) drawn in rows of one or two: each
 * field's label, longest text, required mark and widget from its declaration, and its check the
 * same one the server runs (`profileFormValues`), so the messages are the server's. A field's test
 * id is given where the page's tests name it.
 *
 * Example: `<DeclaredFields form={ownProfileForm} rows={[[['fullname']], [['title', 'profile-title']]]} control={control} />`
 */
export type DeclaredRow = readonly (readonly [key: string, testId?: string])[];

/** The input of a text-like field by its declared type (a dictionary and a long text have their own widgets). */
const INPUTS: Partial<Record<FieldType, Pick<InputProps, 'type' | 'autoComplete' | 'inputMode'>>> = {
  email: { type: 'email', autoComplete: 'email' },
  mobile: { type: 'tel', autoComplete: 'tel' },
  decimal: { inputMode: 'decimal' },
};

export function DeclaredFields<T extends FieldValues>({ form, rows, control }: { form: ProfileFormDef; rows: readonly DeclaredRow[]; control: Control<T> }) {
  const s = useUserStyles();
  return (
    <>
      {rows.map((row) => {
        const fields = row.map(([key, testId]) => <DeclaredField key={key} form={form} name={key as FieldPath<T>} control={control} testId={testId} />);
        return row.length > 1 ? <div key={row[0][0]} className={s.pair}>{fields}</div> : fields;
      })}
    </>
  );
}

function DeclaredField<T extends FieldValues>({ form, name, control, testId }: { form: ProfileFormDef; name: FieldPath<T>; control: Control<T>; testId?: string }) {
  const { t, i18n } = useTranslation();
  const field = form.fields.find((f) => f.key === name);
  if (!field) throw new Error(`profile form ${form.name} declares no field "${name}"`);
  const label = labelIn(field.label, i18n.language);
  const validate = (x: unknown) => {
    const error = profileFormValues(form, { [field.key]: x }).errors[field.key];
    return error ? t(error.key, error.params) : true;
  };
  const dict = field.dict ? getDictionary(field.dict) : undefined;
  if (dict) return <DictSelectField control={control} name={name} label={label} dict={dict} testId={testId} rules={{ validate }} />;
  if (field.type === 'textarea')
    return (
      <Controller
        control={control}
        name={name}
        rules={{ validate }}
        render={({ field: f, fieldState }) => (
          <Field label={label} validationMessage={fieldState.error?.message}>
            <Textarea value={typeof f.value === 'string' ? f.value : ''} onChange={(_, d) => f.onChange(d.value)} onBlur={f.onBlur} rows={3} maxLength={field.maxLength} resize="vertical" data-testid={testId} />
          </Field>
        )}
      />
    );
  return <TextField control={control} name={name} label={label} required={field.required} maxLength={field.maxLength} testId={testId} rules={{ validate }} {...INPUTS[field.type]} />;
}
