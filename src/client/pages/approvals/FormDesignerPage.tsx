import {
  Badge,
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Subtitle2,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArrowDownRegular, ArrowUpRegular, DeleteRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { entityApiOf, type Row } from '../../api/entity-api';
import { EntityForm } from '../../form/EntityForm';
import { toast } from '../../kernel/toast-bus';
import { useUnsavedGuard } from '../../form/use-unsaved-guard';
import {
  DYNAMIC_FIELD_TYPES,
  DYNAMIC_REF_ENTITIES,
  DYNAMIC_TREE_ENTITIES,
  dynamicFormErrors,
  dynamicPage,
  type DynamicField,
  type DynamicFieldType,
  type DynamicFormDefinition,
  type DynamicSection,
} from '../../../model/dynamic-form';
import { FIELD_TYPE_TABLE } from '../../../model/field-types';
import type { RuleType } from '../../../model/rules';
import './dynamic-form-messages';

const formsApi = entityApiOf('/api/crossapi/dynform');

/** The rules a designer offers (spec 5's catalogue; `required` is its own checkbox, passwords are not form data). */
const OFFERED_RULES: RuleType[] = ['english', 'capitalEnglish', 'chinese', 'naturalNumber', 'interger', 'positiveNumber', 'gt0Number', 'maxDecimals4', 'telephone', 'email'];
const RULE_LABEL: Record<string, { zh: string; en: string }> = {
  english: { zh: '英文数字', en: 'Letters and digits' },
  capitalEnglish: { zh: '大写英文', en: 'Capitals' },
  chinese: { zh: '不含中文', en: 'No Chinese' },
  naturalNumber: { zh: '非负整数', en: 'Whole number >= 0' },
  interger: { zh: '正整数', en: 'Positive whole number' },
  positiveNumber: { zh: '不小于0', en: 'Not below 0' },
  gt0Number: { zh: '大于0', en: 'Above 0' },
  maxDecimals4: { zh: '最多4位小数', en: 'At most 4 decimals' },
  telephone: { zh: '手机号', en: 'Mobile number' },
  email: { zh: '邮箱', en: 'E-mail' },
};
const CHOICE: ReadonlySet<string> = new Set(['dict', 'multidict']);

const useStyles = makeStyles({
  page: { padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: '12px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  body: { display: 'grid', gridTemplateColumns: 'minmax(300px, 26%) minmax(340px, 30%) 1fr', gap: '14px', alignItems: 'start' },
  panel: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: '10px',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    minWidth: 0,
    // Inputs fill their field and never push past the panel (Fluent's inputs carry a minimum width).
    '& .fui-Field': { minWidth: 0 },
    '& .fui-Input, & .fui-Select': { minWidth: 0, width: '100%' },
  },
  section: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '8px', display: 'flex', flexDirection: 'column', gap: '6px' },
  row: { display: 'flex', gap: '6px', alignItems: 'center' },
  fieldRow: { display: 'flex', gap: '6px', alignItems: 'center', padding: '4px 6px', borderRadius: tokens.borderRadiusSmall, cursor: 'pointer', ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  grow: { flex: '1 1 auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  rules: { display: 'flex', flexWrap: 'wrap', columnGap: '4px' },
});

type Selection = { s: number; f: number } | null;

const emptyDefinition = (): DynamicFormDefinition => ({ sections: [{ key: 'base', title: '基本信息', title_en: 'Basics', fields: [] }] });

/** A key not yet used in the form: field_1, field_2, ... */
function freeKey(def: DynamicFormDefinition, stem: string): string {
  const used = new Set(def.sections.flatMap((s) => [s.key, ...s.fields.map((f) => f.key)]));
  for (let i = 1; ; i++) if (!used.has(`${stem}_${i}`)) return `${stem}_${i}`;
}

function move<T>(list: T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (j < 0 || j >= list.length) return list;
  const out = [...list];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

/**
 * The form designer (spec 2 Admin "dynamic forms", issue 14): sections and their fields on the left,
 * the selected field's properties in the middle (type, rules, options, conditions, calculation), and
 * a live preview on the right, rendered by the registry's own form drawer engine (EntityForm) from the
 * page the definition turns into. The designer's rules run as the administrator types (the same pure
 * `dynamicFormErrors` the server runs on save); the server's reply marks what it refuses.
 */
export function FormDesignerPage() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const s = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const [record, setRecord] = useState<Row | null>(null);
  const [failed, setFailed] = useState(false);
  const [def, setDef] = useState<DynamicFormDefinition>(emptyDefinition);
  const [sel, setSel] = useState<Selection>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The definition as stored: the design differs from it until saved (issue 29: leaving asks, a reload keeps it).
  const [stored, setStored] = useState('');
  const defText = JSON.stringify(def);

  useEffect(() => {
    if (!Number.isSafeInteger(id) || id <= 0) return setFailed(true);
    formsApi.view(id).then(
      (r) => {
        setRecord(r);
        const stored = r.definition as DynamicFormDefinition | null;
        const d = stored && Array.isArray(stored.sections) && stored.sections.length ? stored : emptyDefinition();
        setDef(d);
        setStored(JSON.stringify(d));
        setSel(d.sections[0]?.fields.length ? { s: 0, f: 0 } : null);
      },
      () => setFailed(true),
    );
  }, [id]);

  const errors = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [path, e] of Object.entries(dynamicFormErrors(def))) out[path] = t(e.key, e.params ?? {});
    for (const [k, m] of Object.entries(serverErrors)) if (!out[k]) out[k] = m;
    return out;
  }, [def, serverErrors, t]);
  const errorCount = Object.keys(errors).length;
  const preview = useMemo(() => {
    if (!record || Object.keys(dynamicFormErrors(def)).length) return null;
    return dynamicPage({ id, code: String(record.code), name: String(record.name), name_en: (record.name_en as string | null) ?? null, version: Number(record.form_version ?? 1) }, def);
  }, [def, record, id]);

  const change = (next: DynamicFormDefinition) => {
    setDef(next);
    setServerErrors({});
  };
  const guard = useUnsavedGuard<DynamicFormDefinition>(Boolean(record) && defText !== stored, {
    draft: record ? { page: 'form-designer', doc: String(id) } : null,
    revision: defText,
    snapshot: () => def,
    onRestore: (d) => {
      if (!Array.isArray(d?.sections)) return;
      change(d);
      setSel(null);
    },
  });
  const setSection = (si: number, patch: Partial<DynamicSection>) => change({ sections: def.sections.map((x, i) => (i === si ? { ...x, ...patch } : x)) });
  const setField = (si: number, fi: number, patch: Partial<DynamicField>) =>
    setSection(si, { fields: def.sections[si].fields.map((x, i) => (i === fi ? ({ ...x, ...patch } as DynamicField) : x)) });

  const addSection = () => {
    const key = freeKey(def, 'section');
    change({ sections: [...def.sections, { key, title: t('dyn.designer.newSection'), fields: [] }] });
  };
  const addField = (si: number) => {
    const key = freeKey(def, 'field');
    setSection(si, { fields: [...def.sections[si].fields, { key, label: t('dyn.designer.newField'), type: 'text' }] });
    setSel({ s: si, f: def.sections[si].fields.length });
  };
  const removeField = (si: number, fi: number) => {
    setSection(si, { fields: def.sections[si].fields.filter((_, i) => i !== fi) });
    setSel(null);
  };

  const save = async () => {
    if (!record || busy) return;
    setBusy(true);
    try {
      const saved = await formsApi.save({ id, version: record.version, definition: def });
      setRecord(saved);
      setServerErrors({});
      setStored(defText);
      guard.saved();
      toast.success(t('dyn.designer.saved', { version: String(saved.form_version ?? '') }));
    } catch (e) {
      if (e instanceof ApiError && e.errors) {
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(e.errors)) out[k.replace(/^definition\./, '')] = Array.isArray(v) ? v.join('，') : v;
        setServerErrors(out);
      }
    } finally {
      setBusy(false);
    }
  };

  if (failed) return <Text style={{ padding: 24, display: 'block' }}>{t('dynform.notFound')}</Text>;
  if (!record) return <Spinner style={{ marginTop: 48 }} />;
  const field = sel ? def.sections[sel.s]?.fields[sel.f] : undefined;
  const fp = sel ? `sections[${sel.s}].fields[${sel.f}]` : '';
  const err = (path: string) => errors[path];
  const typeLabel = (type: string) => t(`dyn.type.${type}`);

  return (
    <div className={s.page} data-testid="dyn-designer">
      {guard.dialog}
      <div className={s.head}>
        <Title3 as="h1">
          {t('dyn.designer.title')} · {String(record.code)} {String(record.name)}
        </Title3>
        <Badge appearance="tint" data-testid="dyn-designer-version">v{String(record.form_version ?? 0)}</Badge>
        <Button appearance="primary" onClick={() => void save()} disabled={busy || errorCount > 0} data-testid="dyn-designer-save">
          {busy ? <Spinner size="tiny" /> : t('dyn.designer.save')}
        </Button>
        <Button onClick={() => navigate('/admin/index/dynform')}>{t('dyn.designer.back')}</Button>
        {Number(record.form_version ?? 0) > 0 && <Button onClick={() => navigate(`/approvals/forms/${String(record.code)}`)} data-testid="dyn-designer-fill">{t('dyn.designer.fill')}</Button>}
        {errorCount > 0 && (
          <MessageBar intent="warning" data-testid="dyn-designer-errors">
            <MessageBarBody>{t('dyn.designer.errors', { count: errorCount })}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <div className={s.body}>
        {/* Sections and their fields */}
        <div className={s.panel} data-testid="dyn-structure">
          <Subtitle2>{t('dyn.designer.sections')}</Subtitle2>
          {err('sections') && <span className={s.error}>{err('sections')}</span>}
          {def.sections.map((sec, si) => (
            <div key={si} className={s.section} data-testid={`dyn-section-${si}`}>
              <div className={s.row}>
                <Field label={t('dyn.designer.sectionTitle')} validationMessage={err(`sections[${si}].title`)} style={{ flex: 1 }}>
                  <Input size="small" value={sec.title} onChange={(_, d) => setSection(si, { title: d.value })} data-testid={`dyn-section-title-${si}`} />
                </Field>
                <Field label={t('dyn.designer.sectionKey')} validationMessage={err(`sections[${si}].key`)} style={{ width: 110 }}>
                  <Input size="small" value={sec.key} onChange={(_, d) => setSection(si, { key: d.value.trim() })} />
                </Field>
              </div>
              <div className={s.row}>
                <Button size="small" icon={<ArrowUpRegular />} aria-label={t('dyn.designer.up')} onClick={() => change({ sections: move(def.sections, si, -1) })} />
                <Button size="small" icon={<ArrowDownRegular />} aria-label={t('dyn.designer.down')} onClick={() => change({ sections: move(def.sections, si, 1) })} />
                <Button size="small" icon={<DeleteRegular />} onClick={() => { change({ sections: def.sections.filter((_, i) => i !== si) }); setSel(null); }}>{t('dyn.designer.removeSection')}</Button>
              </div>
              {err(`sections[${si}].fields`) && <span className={s.error}>{err(`sections[${si}].fields`)}</span>}
              {sec.fields.map((f, fi) => {
                const bad = Object.keys(errors).some((k) => k.startsWith(`sections[${si}].fields[${fi}]`));
                return (
                  <div
                    key={fi}
                    className={`${s.fieldRow} ${sel?.s === si && sel.f === fi ? s.selected : ''}`}
                    onClick={() => setSel({ s: si, f: fi })}
                    data-testid="dyn-field-row"
                    data-key={f.key}
                  >
                    <span className={s.grow}>
                      {f.label || '—'} <Text size={200} style={{ color: tokens.colorNeutralForeground3 }}>{f.key} · {typeLabel(f.type)}</Text>
                    </span>
                    {f.required && <Badge size="small" appearance="outline">*</Badge>}
                    {bad && <Badge size="small" color="danger">!</Badge>}
                    <Button size="small" appearance="subtle" icon={<ArrowUpRegular />} aria-label={t('dyn.designer.up')} onClick={(e) => { e.stopPropagation(); setSection(si, { fields: move(sec.fields, fi, -1) }); setSel({ s: si, f: Math.max(0, fi - 1) }); }} />
                    <Button size="small" appearance="subtle" icon={<ArrowDownRegular />} aria-label={t('dyn.designer.down')} onClick={(e) => { e.stopPropagation(); setSection(si, { fields: move(sec.fields, fi, 1) }); setSel({ s: si, f: Math.min(sec.fields.length - 1, fi + 1) }); }} />
                    <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('dyn.designer.removeField')} onClick={(e) => { e.stopPropagation(); removeField(si, fi); }} />
                  </div>
                );
              })}
              <Button size="small" icon={<AddRegular />} onClick={() => addField(si)} data-testid={`dyn-add-field-${si}`}>{t('dyn.designer.addField')}</Button>
            </div>
          ))}
          <Button icon={<AddRegular />} onClick={addSection} data-testid="dyn-add-section">{t('dyn.designer.addSection')}</Button>
        </div>

        {/* The selected field's properties */}
        <div className={s.panel} data-testid="dyn-field-editor">
          <Subtitle2>{t('dyn.designer.field')}</Subtitle2>
          {!field || !sel ? (
            <Text>{t('dyn.designer.selectField')}</Text>
          ) : (
            <>
              <div className={s.row}>
                <Field label={t('dyn.designer.label')} required validationMessage={err(`${fp}.label`)} style={{ flex: 1 }}>
                  <Input value={field.label} onChange={(_, d) => setField(sel.s, sel.f, { label: d.value })} data-testid="dyn-prop-label" />
                </Field>
                <Field label={t('dyn.designer.labelEn')} style={{ flex: 1 }}>
                  <Input value={field.label_en ?? ''} onChange={(_, d) => setField(sel.s, sel.f, { label_en: d.value || undefined })} />
                </Field>
              </div>
              <div className={s.row}>
                <Field label={t('dyn.designer.key')} required validationMessage={err(`${fp}.key`)} style={{ flex: 1 }}>
                  <Input value={field.key} onChange={(_, d) => setField(sel.s, sel.f, { key: d.value.trim() })} data-testid="dyn-prop-key" />
                </Field>
                <Field label={t('dyn.designer.type')} validationMessage={err(`${fp}.type`)} style={{ flex: 1 }}>
                  <Select
                    value={field.type}
                    data-testid="dyn-prop-type"
                    onChange={(_, d) => {
                      const type = d.value as DynamicFieldType;
                      setField(sel.s, sel.f, { type, options: CHOICE.has(type) ? (field.options?.length ? field.options : [{ value: '1', label: t('dyn.designer.optionLabel') }]) : undefined, ref_entity: type === 'reference' ? 'vendor' : type === 'tree' ? 'org' : undefined });
                    }}
                  >
                    {DYNAMIC_FIELD_TYPES.map((ty) => (
                      <option key={ty} value={ty}>{typeLabel(ty)}</option>
                    ))}
                  </Select>
                </Field>
              </div>
              <div className={s.row}>
                <Checkbox label={t('dyn.designer.required')} checked={Boolean(field.required)} onChange={(_, d) => setField(sel.s, sel.f, { required: Boolean(d.checked) })} data-testid="dyn-prop-required" />
                <Field label={t('dyn.designer.span')} style={{ width: 110 }}>
                  <Select value={field.span ?? ''} onChange={(_, d) => setField(sel.s, sel.f, { span: (d.value || undefined) as DynamicField['span'] })}>
                    <option value="">—</option>
                    <option value="half">{t('dyn.designer.spanHalf')}</option>
                    <option value="full">{t('dyn.designer.spanFull')}</option>
                  </Select>
                </Field>
                <Field label={t('dyn.designer.maxLength')} validationMessage={err(`${fp}.max_length`)} style={{ width: 110 }}>
                  <Input type="number" value={field.max_length === undefined ? '' : String(field.max_length)} onChange={(_, d) => setField(sel.s, sel.f, { max_length: d.value === '' ? undefined : Number(d.value) })} />
                </Field>
              </div>
              <Field label={t('dyn.designer.rules')} validationMessage={err(`${fp}.rules`)}>
                <div className={s.rules}>
                  {OFFERED_RULES.map((r) => (
                    <Checkbox
                      key={r}
                      label={en ? RULE_LABEL[r].en : RULE_LABEL[r].zh}
                      checked={Boolean(field.rules?.includes(r))}
                      data-testid={`dyn-rule-${r}`}
                      onChange={(_, d) => setField(sel.s, sel.f, { rules: d.checked ? [...(field.rules ?? []), r] : (field.rules ?? []).filter((x) => x !== r) })}
                    />
                  ))}
                </div>
              </Field>
              {CHOICE.has(field.type) && (
                <Field label={t('dyn.designer.options')} validationMessage={err(`${fp}.options`)}>
                  <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }} data-testid="dyn-options">
                    {(field.options ?? []).map((o, oi) => (
                      <div key={oi} className={s.row}>
                        <Input size="small" placeholder={t('dyn.designer.optionValue')} value={o.value} style={{ width: 100 }} data-testid={`dyn-option-value-${oi}`}
                          onChange={(_, d) => setField(sel.s, sel.f, { options: (field.options ?? []).map((x, i) => (i === oi ? { ...x, value: d.value } : x)) })} />
                        <Input size="small" placeholder={t('dyn.designer.optionLabel')} value={o.label} style={{ flex: 1 }} data-testid={`dyn-option-label-${oi}`}
                          onChange={(_, d) => setField(sel.s, sel.f, { options: (field.options ?? []).map((x, i) => (i === oi ? { ...x, label: d.value } : x)) })} />
                        <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('dyn.designer.removeField')} onClick={() => setField(sel.s, sel.f, { options: (field.options ?? []).filter((_, i) => i !== oi) })} />
                        {(err(`${fp}.options[${oi}].value`) || err(`${fp}.options[${oi}].label`)) && <span className={s.error} data-testid="dyn-option-error">{err(`${fp}.options[${oi}].value`) ?? err(`${fp}.options[${oi}].label`)}</span>}
                      </div>
                    ))}
                    <Button size="small" icon={<AddRegular />} onClick={() => setField(sel.s, sel.f, { options: [...(field.options ?? []), { value: '', label: '' }] })} data-testid="dyn-add-option">{t('dyn.designer.addOption')}</Button>
                  </div>
                </Field>
              )}
              {FIELD_TYPE_TABLE[field.type].reference && (
                <Field label={t('dyn.designer.refEntity')} validationMessage={err(`${fp}.ref_entity`)}>
                  <Select value={field.ref_entity ?? ''} onChange={(_, d) => setField(sel.s, sel.f, { ref_entity: d.value as DynamicField['ref_entity'] })} data-testid="dyn-prop-ref">
                    {(field.type === 'tree' ? DYNAMIC_TREE_ENTITIES : DYNAMIC_REF_ENTITIES).map((r) => (
                      <option key={r} value={r}>{t(`dyn.ref.${r}`)}</option>
                    ))}
                  </Select>
                </Field>
              )}
              <div className={s.row}>
                <Field label={t('dyn.designer.default')} style={{ flex: 1 }}>
                  <Input value={field.default === undefined ? '' : String(field.default)} onChange={(_, d) => setField(sel.s, sel.f, { default: d.value === '' ? undefined : d.value })} />
                </Field>
                <Field label={t('dyn.designer.help')} style={{ flex: 1 }}>
                  <Input value={field.help ?? ''} onChange={(_, d) => setField(sel.s, sel.f, { help: d.value || undefined })} />
                </Field>
              </div>
              <Field label={t('dyn.designer.visibleWhen')} hint={t('dyn.designer.exprHelp')} validationMessage={err(`${fp}.visible_when`)}>
                <Input value={field.visible_when ?? ''} onChange={(_, d) => setField(sel.s, sel.f, { visible_when: d.value || undefined })} data-testid="dyn-prop-visible" />
              </Field>
              <Field label={t('dyn.designer.roles')} hint={t('dyn.designer.rolesHelp')} validationMessage={err(`${fp}.roles`)}>
                <Input
                  value={(field.roles ?? []).join(',')}
                  data-testid="dyn-prop-roles"
                  onChange={(_, d) => {
                    const roles = d.value.split(/[,，\s]+/).map((x) => x.trim()).filter(Boolean);
                    setField(sel.s, sel.f, { roles: roles.length ? roles : undefined });
                  }}
                />
              </Field>
              <div className={s.row}>
                <Field label={t('dyn.designer.clears')} validationMessage={err(`${fp}.clears`)} style={{ flex: 1 }}>
                  <Input
                    value={(field.clears ?? []).join(',')}
                    onChange={(_, d) => {
                      const keys = d.value.split(/[,，\s]+/).map((x) => x.trim()).filter(Boolean);
                      setField(sel.s, sel.f, { clears: keys.length ? keys : undefined });
                    }}
                  />
                </Field>
                <Field label={t('dyn.designer.clearsWhen')} validationMessage={err(`${fp}.clears_when`)} style={{ flex: 1 }}>
                  <Input value={field.clears_when ?? ''} onChange={(_, d) => setField(sel.s, sel.f, { clears_when: d.value || undefined })} />
                </Field>
              </div>
              <Field label={t('dyn.designer.disableWhen')} validationMessage={err(`${fp}.disable_when`)}>
                <Input value={field.disable_when ?? ''} onChange={(_, d) => setField(sel.s, sel.f, { disable_when: d.value || undefined })} />
              </Field>
              <div className={s.row}>
                <Field label={t('dyn.designer.calc')} validationMessage={err(`${fp}.calc`)} style={{ flex: 1 }}>
                  <Input value={field.calc ?? ''} onChange={(_, d) => setField(sel.s, sel.f, { calc: d.value || undefined })} data-testid="dyn-prop-calc" />
                </Field>
                <Field label={t('dyn.designer.decimals')} validationMessage={err(`${fp}.decimals`)} style={{ width: 90 }}>
                  <Input type="number" value={field.decimals === undefined ? '' : String(field.decimals)} onChange={(_, d) => setField(sel.s, sel.f, { decimals: d.value === '' ? undefined : Number(d.value) })} />
                </Field>
              </div>
            </>
          )}
        </div>

        {/* The preview: the registry's own form engine over the page the design turns into */}
        <div className={s.panel} data-testid="dyn-preview">
          <Subtitle2>{t('dyn.designer.preview')}</Subtitle2>
          {preview ? (
            <EntityForm key={JSON.stringify(def)} resolved={preview} action="add" record={null} onSaved={() => undefined} />
          ) : (
            <Text>{t('dyn.designer.previewBlocked')}</Text>
          )}
        </div>
      </div>
    </div>
  );
}
