import { Field, Select } from '@fluentui/react-components';
import { Controller, type Control, type FieldPath, type FieldValues, type RegisterOptions } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Dictionary } from '../../../model/dictionaries';

/**
 * A dictionary's values as a native select bound to react-hook-form (the profile forms' industry,
 * scale and gender). The empty first option reads "choose"; labels follow the interface language.
 */
export function DictSelectField<T extends FieldValues>({ control, name, label, dict, required, rules, testId }: {
  control: Control<T>; name: FieldPath<T>; label: string; dict: Dictionary; required?: boolean;
  rules?: Omit<RegisterOptions<T, FieldPath<T>>, 'valueAsNumber' | 'valueAsDate' | 'setValueAs' | 'disabled'>; testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field, fieldState }) => (
        <Field label={label} required={required} validationMessage={fieldState.error?.message}>
          <Select value={typeof field.value === 'string' ? field.value : ''} onChange={(_, d) => field.onChange(d.value)} onBlur={field.onBlur} name={field.name} data-testid={testId}>
            <option value="">{t('ui.company.choose')}</option>
            {dict.items.map((i) => (
              <option key={i.value} value={i.value}>
                {en ? i.label.en : i.label.zh}
              </option>
            ))}
          </Select>
        </Field>
      )}
    />
  );
}

/** The label of a dictionary value in the interface language ('—' when empty). */
export function dictLabel(dict: Dictionary, value: string | null | undefined, en: boolean): string {
  if (!value) return '—';
  const item = dict.items.find((i) => i.value === value);
  return item ? (en ? item.label.en : item.label.zh) : value;
}
