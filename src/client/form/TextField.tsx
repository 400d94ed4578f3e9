import { Field, Input, type InputProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues, type RegisterOptions } from 'react-hook-form';

/**
 * A Fluent text input bound to react-hook-form as a controlled field. Fluent's Input keeps its own
 * state, so `register` (which writes the DOM value) would lose default values and values restored
 * when a wizard step is shown again; Controller keeps the form's value as the one truth.
 * Example: `<TextField control={control} name="email" label={t('ui.forgot.email')} required rules={{ required: t('rule.required') }} />`
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  hint,
  rules,
  after,
  testId,
  ...input
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  hint?: string;
  rules?: Omit<RegisterOptions<T, FieldPath<T>>, 'valueAsNumber' | 'valueAsDate' | 'setValueAs' | 'disabled'>;
  /** Something beside the input (a "send code" button). */
  after?: ReactNode;
  testId?: string;
} & Omit<InputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur'>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field, fieldState }) => {
        const box = (
          <Input
            {...input}
            name={field.name}
            ref={field.ref}
            value={typeof field.value === 'string' ? field.value : field.value == null ? '' : String(field.value)}
            onChange={(_, d) => field.onChange(d.value)}
            onBlur={field.onBlur}
            data-testid={testId}
          />
        );
        return (
          <Field label={label} required={required} validationMessage={fieldState.error?.message} hint={hint}>
            {after ? (
              <div style={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 8, alignItems: 'center' }}>
                {box}
                {after}
              </div>
            ) : (
              box
            )}
          </Field>
        );
      }}
    />
  );
}
