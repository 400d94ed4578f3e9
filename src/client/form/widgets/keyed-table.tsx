import { Button, Dropdown, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedField } from '../../../model/page-resolve';
import { entriesValueOf, entryCellError, entryRowsOf, type EntryRow } from './keyed-entries';
import type { WidgetProps } from './types';
import { useOptions } from '../../api/use-options';

const useStyles = makeStyles({
  table: { width: '100%', borderCollapse: 'collapse', '& td': { padding: '2px 4px', verticalAlign: 'top' }, '& th': { textAlign: 'left', fontWeight: 600, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, padding: '2px 4px' } },
  cellError: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

/**
 * keyedtable: a JSON field's entries (FieldDef.entries), one row per record of the key entity (a
 * vendor) with a cell per declared field (KPI, share cap, share target). Rows are kept as typed so
 * a half-filled row stays on screen; the value saved holds the picked rows with coerced cells.
 */
export function KeyedTable(p: WidgetProps) {
  const s = useStyles();
  const { t } = useTranslation();
  const def = p.field.def?.entries;
  const [rows, setRows] = useState<EntryRow[]>(() => (def ? entryRowsOf(def, p.value) : []));
  // The key entity's records, listed like a reference picker's (code and title).
  const picker = useMemo<ResolvedField>(() => ({ ...p.field, source: { entity: def?.key.entity ?? '' }, optionConfig: { valueField: 'id', labelField: def?.key.labelField ?? 'name' }, isNotInitLoaded: false, def: undefined }), [p.field, def]);
  const { options } = useOptions(picker, p.values, '', true);
  if (!def) return null;
  const set = (next: EntryRow[]) => {
    setRows(next);
    p.onChange(entriesValueOf(def, next));
  };
  const update = (i: number, patch: Partial<EntryRow>) => set(rows.map((r, k) => (k === i ? { ...r, ...patch, cells: { ...r.cells, ...patch.cells } } : r)));
  const labelOf = (key: string) => options.find((o) => o.value === key)?.label ?? (key ? `#${key}` : '');
  return (
    <div id={p.id} data-testid={`keyed-${p.field.field}`}>
      <table className={s.table}>
        <thead>
          <tr>
            <th>{t('engine.entryRecord')}</th>
            {def.fields.map((f) => (
              <th key={f.key}>{p.language === 'en' ? f.label.en : f.label.zh}</th>
            ))}
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} data-testid="keyed-row">
              <td style={{ width: '34%' }}>
                <Dropdown
                  value={labelOf(r.key)}
                  selectedOptions={r.key ? [r.key] : []}
                  disabled={p.disabled}
                  placeholder={t('engine.select')}
                  aria-label={t('engine.entryRecord')}
                  onOptionSelect={(_, d) => update(i, { key: d.optionValue ?? '' })}
                  onOpenChange={(_, d) => !d.open && p.onBlur()}
                >
                  {options.map((o) => (
                    <Option key={o.value} value={o.value} disabled={o.value !== r.key && rows.some((x) => x.key === o.value)}>
                      {o.label}
                    </Option>
                  ))}
                </Dropdown>
              </td>
              {def.fields.map((f) => {
                const text = r.cells[f.key] ?? '';
                const error = entryCellError(def, f.key, text);
                return (
                  <td key={f.key}>
                    <Input
                      value={text}
                      inputMode="decimal"
                      disabled={p.disabled}
                      aria-label={p.language === 'en' ? f.label.en : f.label.zh}
                      aria-invalid={Boolean(error)}
                      input={{ style: { textAlign: 'right' } }}
                      style={{ width: '100%' }}
                      onChange={(_, d) => update(i, { cells: { [f.key]: d.value } })}
                      onBlur={p.onBlur}
                    />
                    {error && <div className={s.cellError}>{t(error)}</div>}
                  </td>
                );
              })}
              <td style={{ width: 40 }}>
                <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('engine.remove')} disabled={p.disabled} onClick={() => set(rows.filter((_, k) => k !== i))} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button size="small" icon={<AddRegular />} disabled={p.disabled} onClick={() => setRows([...rows, { key: '', cells: {} }])}>
        {t('engine.addEntry')}
      </Button>
    </div>
  );
}
