import { Combobox, Dropdown, makeStyles, Option, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getEntity } from '../../../model/entity';
import { useChosenRows, useOptions, type SourceRow } from '../../api/use-options';
import { pickLabelField, referenceDisplayText } from '../form-logic';
import { asList, asText, type WidgetProps } from './types';
import { labelIn } from '../../../model/label-text';

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: '110px 1fr auto', gap: '8px', width: '100%' },
  detail: { color: tokens.colorBrandForeground1, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  code: { color: tokens.colorNeutralForeground3, fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
});

/** The label a reference shows at first: its display text (referenceDisplayText) for its one chosen record. */
function initialLabels(p: WidgetProps): Record<string, string> {
  const out: Record<string, string> = {};
  const ids = asList(p.value);
  const text = referenceDisplayText(p.field, p.values);
  if (ids.length === 1 && text) out[ids[0]] = text;
  return out;
}

/**
 * dropdowntable: picks a record of the source entity from a searchable table of its rows (code and
 * title); single or multiple per matinTableConfig.tableConfig.selection. A single pick is handed to
 * the form (`onPick`), which fills the display field, the split fields and the fields defaulting
 * from it.
 */
export function DropdownTable(p: WidgetProps) {
  const s = useStyles();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [labels, setLabels] = useState<Record<string, string>>(() => initialLabels(p));
  const { rows } = useOptions(p.field, p.values, search, open);
  const target = p.field.source ? getEntity(p.field.source.entity) : undefined;
  const table = p.field.matinTableConfig?.tableConfig;
  const multi = table?.selection === 'multiple' || Boolean(p.field.isMulti);
  const valueField = table?.valueField ?? p.field.optionConfig?.valueField ?? 'id';
  const labelField = pickLabelField(p.field);
  // The reference's declared code (a person's account for a user), else the target's own.
  const fromCall = p.field.optionsCall;
  const codeField = fromCall ? fromCall.codeField : (p.field.def?.ref?.codeField ?? target?.codeField);
  const chosen = asList(p.value);
  const { i18n } = useTranslation();
  const detailField = target?.pickerDetail ? target.fields.find((f) => f.key === target.pickerDetail) : undefined;
  const detailOf = (r: SourceRow): string => {
    // A declared call's row says its detail itself (a person's company).
    if (fromCall) return fromCall.detailField ? asText(r[fromCall.detailField]) : '';
    const v = detailField ? asText(r[detailField.key]) : '';
    return v && detailField ? `${labelIn(detailField.label, i18n.language)}: ${v}` : '';
  };
  const displayLabel = p.field.displayfield ? asText(p.values[p.field.displayfield]) : '';

  useEffect(() => {
    // A record loaded after mount brings its joined label along.
    if (chosen.length === 1 && displayLabel && !labels[chosen[0]]) setLabels((l) => ({ ...l, [chosen[0]]: displayLabel }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the chosen ids' text (the list is rebuilt every render); labels is read here, the effect writes it
  }, [displayLabel, chosen.join(',')]);

  // A chosen value not picked here is named by the rows listed, else by those its call gives for it (OptionsCall.chosen).
  const learned = useChosenRows(p.field, p.values, chosen.filter((v) => !labels[v]), valueField);
  const byValue = useMemo(() => new Map([...learned, ...rows].map((r) => [String(r[valueField]), r])), [learned, rows, valueField]);
  const text = chosen.map((v) => labels[v] || asText(byValue.get(v)?.[labelField]) || `#${v}`).join(', ');
  const pick = (row: SourceRow | undefined, value: string | undefined, selected: string[]) => {
    if (row && value) setLabels((l) => ({ ...l, [value]: String(row[labelField] ?? value) }));
    const toValue = (v: string) => (/^\d+$/.test(v) ? Number(v) : v);
    if (multi) p.onChange(selected.map(toValue));
    else p.onChange(value === undefined ? null : toValue(value));
    // One record picked (or the pick cleared): its label, split fields and the defaults it brings (spec 3).
    if (!multi && (value === undefined || row)) p.onPick(row ?? null);
  };
  return (
    <Combobox
      id={p.id}
      multiselect={multi}
      value={open ? search : text}
      selectedOptions={chosen}
      placeholder={open ? t('engine.search') : t('engine.select')}
      disabled={p.disabled}
      aria-invalid={p.invalid}
      clearable={!p.field.required}
      onChange={(e) => setSearch((e.target as HTMLInputElement).value)}
      onOpenChange={(_, d) => {
        setOpen(d.open);
        if (!d.open) {
          setSearch('');
          p.onBlur();
        }
      }}
      onOptionSelect={(_, d) => pick(d.optionValue ? byValue.get(d.optionValue) : undefined, d.optionValue, d.selectedOptions)}
    >
      {rows.map((r) => {
        const v = String(r[valueField]);
        const label = String(r[labelField] ?? v);
        return (
          <Option key={v} value={v} text={label}>
            <span className={s.row}>
              <span className={s.code}>{codeField ? asText(r[codeField]) : fromCall ? '' : `#${v}`}</span>
              <span>{label}</span>
              <span className={s.detail}>{detailOf(r)}</span>
            </span>
          </Option>
        );
      })}
    </Combobox>
  );
}

type TreeNode = { id: string; label: string; depth: number };

/** Orders rows as a tree (parents before children, depth for the indent), leaving out `exclude` and its subtree. */
export function flattenTree(rows: SourceRow[], idField: string, parentField: string, labelField: string, exclude?: string | null): TreeNode[] {
  const children = new Map<string, SourceRow[]>();
  const ids = new Set(rows.map((r) => String(r[idField])));
  for (const r of rows) {
    const parent = r[parentField];
    const key = parent === null || parent === undefined || !ids.has(String(parent)) ? '' : String(parent);
    children.set(key, [...(children.get(key) ?? []), r]);
  }
  const out: TreeNode[] = [];
  const seen = new Set<string>();
  const walk = (key: string, depth: number) => {
    for (const r of children.get(key) ?? []) {
      const id = String(r[idField]);
      if (seen.has(id) || id === exclude) continue;
      seen.add(id);
      out.push({ id, label: String(r[labelField] ?? id), depth });
      walk(id, depth + 1);
    }
  };
  walk('', 0);
  return out;
}

/** treeselect: picks a node of a tree entity (org, process, company), shown indented. */
export function TreeSelect(p: WidgetProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { rows } = useOptions(p.field, p.values, '', open);
  const target = p.field.source ? getEntity(p.field.source.entity) : undefined;
  const idField = p.field.treeConfig?.nodeConfig.idField ?? 'id';
  const labelField = p.field.treeConfig?.nodeConfig.labelField ?? target?.titleField ?? 'name';
  const nodes = useMemo(() => flattenTree(rows, idField, target?.treeParent ?? 'parent_id', labelField, p.recordId ? String(p.recordId) : null), [rows, idField, labelField, target, p.recordId]);
  const multi = Boolean(p.field.treeConfig?.isMulti);
  const chosen = asList(p.value);
  const joined = p.field.displayfield ? asText(p.values[p.field.displayfield]) : '';
  const text = chosen.map((v) => nodes.find((n) => n.id === v)?.label ?? (chosen.length === 1 && joined ? joined : `#${v}`)).join(', ');
  return (
    <Dropdown
      id={p.id}
      multiselect={multi}
      value={text}
      selectedOptions={chosen}
      placeholder={t('engine.select')}
      disabled={p.disabled}
      aria-invalid={p.invalid}
      clearable={!p.field.required}
      onOpenChange={(_, d) => {
        setOpen(d.open);
        if (!d.open) p.onBlur();
      }}
      onOptionSelect={(_, d) => {
        const toValue = (v: string) => (/^\d+$/.test(v) ? Number(v) : v);
        if (multi) p.onChange(d.selectedOptions.map(toValue));
        else {
          p.onChange(d.optionValue ? toValue(d.optionValue) : null);
          if (p.field.displayfield) p.setValues({ [p.field.displayfield]: d.optionText ?? null });
        }
      }}
    >
      {nodes.map((n) => (
        <Option key={n.id} value={n.id} text={n.label}>
          <span style={{ paddingLeft: n.depth * 16 }}>{n.depth > 0 ? '└ ' : ''}{n.label}</span>
        </Option>
      ))}
    </Dropdown>
  );
}
