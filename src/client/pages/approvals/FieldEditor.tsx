import { Subtitle2, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DYNAMIC_TYPE_TABLE, type DynamicFieldType } from '../../../model/dynamic-form';
import { ValueForm } from '../../form/ValueForm';
import { designedFieldErrors, designedFieldPage, designedFieldPatch, designedFieldValues, typeChangeValues, useDesignerStyles } from './designer-model';
import type { FormDesigner } from './use-form-designer';

/**
 * The designer's middle panel: the selected field's properties as the engine's form over the field
 * in memory (the designed field, grids/approvals/dynfield.grid.ts), started again when another field
 * is selected; each change patches the design, a type change with what `fieldOfType` sets, and the
 * designer's errors show under the properties as the administrator types.
 */
export function FieldEditor({ d }: { d: FormDesigner }) {
  const { t } = useTranslation();
  const s = useDesignerStyles();
  const sel = d.sel;
  const field = sel ? d.def.sections[sel.s]?.fields[sel.f] : undefined;
  return (
    <div className={s.panel} data-testid="dyn-field-editor">
      <Subtitle2>{t('dyn.designer.field')}</Subtitle2>
      {!field || !sel ? (
        <Text>{t('dyn.designer.selectField')}</Text>
      ) : (
        <>
          <ValueForm
            resolved={designedFieldPage}
            values={designedFieldValues(field)}
            resetKey={`${sel.s}.${sel.f}`}
            errors={designedFieldErrors(d.errors, `sections[${sel.s}].fields[${sel.f}]`)}
            effects={(key, value) => (key === 'type' && value ? typeChangeValues(field, value as DynamicFieldType, t('dyn.designer.optionLabel')) : {})}
            onChange={(patch) => d.setField(sel.s, sel.f, designedFieldPatch(patch))}
          />
          {DYNAMIC_TYPE_TABLE[field.type].unvalidated && <Text size={200} className={s.hint}>{t('dyn.designer.locationHelp')}</Text>}
        </>
      )}
    </div>
  );
}
