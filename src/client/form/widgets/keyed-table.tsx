import { Button, Dropdown, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedField } from '../../../model/page-resolve';
import { entryCellError } from './keyed-entries';
import type { WidgetProps } from './types';
import { useOptions } from '../../api/use-options';
import { InputSheetCell } from '../../grid/InputSheetCell';
import { useKeyedSheet } from './use-keyed-sheet';
import { labelIn } from '../../../model/label-text';

const useStyles = makeStyles({
  table: { width: '100%', borderCollapse: 'collapse', '& td': { padding: '2px 4px', verticalAlign: 'top' }, '& th': { textAlign: 'left', fontWeight: 600, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, padding: '2px 4px' } },
  cellError: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

/**
 * keyedtable: a JSON field's entries (FieldDef.entries), one row per record of the key entity (a
 * vendor) with a cell per declared field (KPI, share cap, share target). Rows are kept as typed so
 * a half-filled row stays on screen; the value saved holds the picked rows with coerced cells. The
 * value cells are a sheet of the grids' spreadsheet keys (useKeyedSheet: ranges, Ctrl+C / Ctrl+V
 * with Excel, the fill handle, Ctrl+D / Ctrl+R, Delete, undo); the key column stays a dropdown.
 */
export function KeyedTable(p: WidgetProps) {
  const s = useStyles();
  const { t } = useTranslation();
  const def = p.field.def?.entries;
  const { rows, sheet, containerProps, inputProps, pick, remove, add } = useKeyedSheet(p, def);
  // The key entity's records, listed like a reference picker's (code and title).
  const picker = useMemo<ResolvedField>(() => ({ ...p.field, source: { entity: def?.key.entity ?? '' }, optionConfig: { valueField: 'id', labelField: def?.key.labelField ?? 'name' }, isNotInitLoaded: false, def: undefined }), [p.field, def]);
  const { options } = useOptions(picker, p.values, '', true);
  if (!def) return null;
  const labelOf = (key: string) => options.find((o) => o.value === key)?.label ?? (key ? `#${key}` : '');
  return (
    <div id={p.id} data-testid={`keyed-${p.field.field}`}>
      <table className={s.table} {...containerProps}>
        <thead>
          <tr>
            <th>{t('engine.entryRecord')}</th>
            {def.fields.map((f) => (
              <th key={f.key}>{labelIn(f.label, p.language)}</th>
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
                  onOptionSelect={(_, d) => pick(i, d.optionValue ?? '')}
                  onOpenChange={(_, d) => !d.open && p.onBlur()}
                >
                  {options.map((o) => (
                    <Option key={o.value} value={o.value} disabled={o.value !== r.key && rows.some((x) => x.key === o.value)}>
                      {o.label}
                    </Option>
                  ))}
                </Dropdown>
              </td>
              {def.fields.map((f, j) => {
                const error = entryCellError(def, f.key, r.cells[f.key] ?? '');
                return (
                  <InputSheetCell key={f.key} sheet={sheet} row={i} col={j}>
                    <Input
                      {...inputProps(i, j)}
                      inputMode="decimal"
                      disabled={p.disabled}
                      aria-label={labelIn(f.label, p.language)}
                      aria-invalid={Boolean(error)}
                      data-testid={`keyed-${f.key}-${i + 1}`}
                      input={{ style: { textAlign: 'right' } }}
                      style={{ width: '100%' }}
                      onBlur={p.onBlur}
                    />
                    {error && <div className={s.cellError}>{t(error)}</div>}
                  </InputSheetCell>
                );
              })}
              <td style={{ width: 40 }}>
                <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('engine.remove')} disabled={p.disabled} onClick={() => remove(i)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button size="small" icon={<AddRegular />} disabled={p.disabled} onClick={add}>
        {t('engine.addEntry')}
      </Button>
    </div>
  );
}
