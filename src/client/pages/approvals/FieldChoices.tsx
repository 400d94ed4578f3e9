import { Button, Input } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { DynamicOption } from '../../../model/dynamic-form';
import { useValueFormErrors } from '../../form/ValueForm';
import type { WidgetProps } from '../../form/widgets';
import { useDesignerStyles } from './designer-model';

/**
 * The options of a choice or a transfer (value and name), or an autocomplete's suggestions (field
 * `suggestions`: a suggestion is its text alone, its value the text itself, kept unique by the same
 * check): the designed field's own widget in its form, each row with the designer's message beside it.
 */
export function DesignedOptions(p: WidgetProps) {
  const { t } = useTranslation();
  const s = useDesignerStyles();
  const errors = useValueFormErrors();
  const suggest = p.field.field === 'suggestions';
  const options = (p.value as DynamicOption[] | undefined) ?? [];
  const setOption = (oi: number, patch: Partial<DynamicOption>) => p.onChange(options.map((x, i) => (i === oi ? { ...x, ...patch } : x)));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }} data-testid="dyn-options" id={p.id}>
      {options.map((o, oi) => {
        const error = errors[`${p.field.field}[${oi}].value`] ?? errors[`${p.field.field}[${oi}].label`];
        return (
          <div key={oi} className={s.row}>
            {!suggest && <Input size="small" placeholder={t('dyn.designer.optionValue')} value={o.value} style={{ width: 100 }} data-testid={`dyn-option-value-${oi}`} onChange={(_, d) => setOption(oi, { value: d.value })} />}
            <Input size="small" placeholder={t(suggest ? 'dyn.designer.suggestion' : 'dyn.designer.optionLabel')} value={o.label} style={{ flex: 1 }} data-testid={`dyn-option-label-${oi}`} onChange={(_, d) => setOption(oi, suggest ? { value: d.value.trim(), label: d.value } : { label: d.value })} />
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('dyn.designer.removeField')} onClick={() => p.onChange(options.filter((_, i) => i !== oi))} />
            {error && <span className={s.error} data-testid="dyn-option-error">{error}</span>}
          </div>
        );
      })}
      <Button size="small" icon={<AddRegular />} onClick={() => p.onChange([...options, { value: '', label: '' }])} data-testid="dyn-add-option">{t('dyn.designer.addOption')}</Button>
    </div>
  );
}
