import { Badge, Button, Field, Input, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { dictValueLabel } from '../../../model/dictionaries';
import { labelIn } from '../../../model/label-text';
import type { DynamicField, DynamicSection } from '../../../model/dynamic-form';
import { dynamicFieldType } from '../../../model/entities/dynamic-form.entity';
import { move, useDesignerStyles } from './designer-model';
import type { FormDesigner } from './use-form-designer';

/** One field's row in its section: select, move, remove. */
function FieldRow(props: { d: FormDesigner; sec: DynamicSection; si: number; f: DynamicField; fi: number }) {
  const { d, sec, si, f, fi } = props;
  const { t, i18n } = useTranslation();
  const s = useDesignerStyles();
  const bad = Object.keys(d.errors).some((k) => k.startsWith(`sections[${si}].fields[${fi}]`));
  const moveBy = (by: -1 | 1) => {
    d.setSection(si, { fields: move(sec.fields, fi, by) });
    d.setSel({ s: si, f: by < 0 ? Math.max(0, fi - 1) : Math.min(sec.fields.length - 1, fi + 1) });
  };
  return (
    <div className={`${s.fieldRow} ${d.sel?.s === si && d.sel.f === fi ? s.selected : ''}`} onClick={() => d.setSel({ s: si, f: fi })} data-testid="dyn-field-row" data-key={f.key}>
      <span className={s.grow}>
        {f.label || '—'} <Text size={200} style={{ color: tokens.colorNeutralForeground3 }}>{f.key} · {labelIn(dictValueLabel(dynamicFieldType.code, f.type), i18n.language)}</Text>
      </span>
      {f.required && <Badge size="small" appearance="outline">*</Badge>}
      {bad && <Badge size="small" color="danger">!</Badge>}
      <Button size="small" appearance="subtle" icon={<ArrowUpRegular />} aria-label={t('dyn.designer.up')} onClick={(e) => { e.stopPropagation(); moveBy(-1); }} />
      <Button size="small" appearance="subtle" icon={<ArrowDownRegular />} aria-label={t('dyn.designer.down')} onClick={(e) => { e.stopPropagation(); moveBy(1); }} />
      <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('dyn.designer.removeField')} onClick={(e) => { e.stopPropagation(); d.removeField(si, fi); }} />
    </div>
  );
}

/** One section: its title and key, its moves, its fields. */
function SectionBox(props: { d: FormDesigner; sec: DynamicSection; si: number }) {
  const { d, sec, si } = props;
  const { t } = useTranslation();
  const s = useDesignerStyles();
  const err = (path: string) => d.errors[path];
  const sections = d.def.sections;
  return (
    <div className={s.section} data-testid={`dyn-section-${si}`}>
      <div className={s.row}>
        <Field label={t('dyn.designer.sectionTitle')} validationMessage={err(`sections[${si}].title`)} style={{ flex: 1 }}>
          <Input size="small" value={sec.title} onChange={(_, v) => d.setSection(si, { title: v.value })} data-testid={`dyn-section-title-${si}`} />
        </Field>
        <Field label={t('dyn.designer.sectionKey')} validationMessage={err(`sections[${si}].key`)} style={{ width: 110 }}>
          <Input size="small" value={sec.key} onChange={(_, v) => d.setSection(si, { key: v.value.trim() })} />
        </Field>
      </div>
      <div className={s.row}>
        <Button size="small" icon={<ArrowUpRegular />} aria-label={t('dyn.designer.up')} onClick={() => d.change({ sections: move(sections, si, -1) })} />
        <Button size="small" icon={<ArrowDownRegular />} aria-label={t('dyn.designer.down')} onClick={() => d.change({ sections: move(sections, si, 1) })} />
        <Button size="small" icon={<DeleteRegular />} onClick={() => { d.change({ sections: sections.filter((_, i) => i !== si) }); d.setSel(null); }}>{t('dyn.designer.removeSection')}</Button>
      </div>
      {err(`sections[${si}].fields`) && <span className={s.error}>{err(`sections[${si}].fields`)}</span>}
      {sec.fields.map((f, fi) => (
        <FieldRow key={fi} d={d} sec={sec} si={si} f={f} fi={fi} />
      ))}
      <Button size="small" icon={<AddRegular />} onClick={() => d.addField(si)} data-testid={`dyn-add-field-${si}`}>{t('dyn.designer.addField')}</Button>
    </div>
  );
}

/** The designer's left panel: sections and their fields. */
export function DesignerStructure({ d }: { d: FormDesigner }) {
  const { t } = useTranslation();
  const s = useDesignerStyles();
  return (
    <div className={s.panel} data-testid="dyn-structure">
      <Subtitle2>{t('dyn.designer.sections')}</Subtitle2>
      {d.errors.sections && <span className={s.error}>{d.errors.sections}</span>}
      {d.def.sections.map((sec, si) => (
        <SectionBox key={si} d={d} sec={sec} si={si} />
      ))}
      <Button icon={<AddRegular />} onClick={d.addSection} data-testid="dyn-add-section">{t('dyn.designer.addSection')}</Button>
    </div>
  );
}
