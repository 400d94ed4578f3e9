import { Button, Dropdown, Input, makeStyles, Option, Tab, TabList, Textarea, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RULE_TYPES, type RuleType } from '../../../model/rules';
import { MatrixInputTable } from '../../grid/MatrixInputTable';
import { DEFAULT_MATRIX, type MatrixRecord } from '../../grid/matrix';
import { renderMarkdown } from '../markdown';
import { asText, type WidgetProps } from './types';

const useStyles = makeStyles({
  preview: { minHeight: '96px', padding: '6px 10px', border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, background: tokens.colorNeutralBackground2, '& p': { margin: '4px 0' } },
  table: { width: '100%', borderCollapse: 'collapse', '& td': { padding: '2px 4px', verticalAlign: 'top' }, '& th': { textAlign: 'left', fontWeight: 600, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3, padding: '2px 4px' } },
  rowError: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

/** markdown: written as markdown, previewed as the same HTML that is sent as `{field}_DISPLAY`. */
export function MarkdownEditor(p: WidgetProps) {
  const s = useStyles();
  const { t } = useTranslation();
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const text = asText(p.value);
  return (
    <div>
      <TabList size="small" selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'edit' | 'preview')}>
        <Tab value="edit">{t('engine.markdownEdit')}</Tab>
        <Tab value="preview">{t('engine.markdownPreview')}</Tab>
      </TabList>
      {tab === 'edit' ? (
        <Textarea id={p.id} value={text} disabled={p.disabled} resize="vertical" rows={5} style={{ width: '100%' }} onChange={(_, d) => p.onChange(d.value)} onBlur={p.onBlur} aria-invalid={p.invalid} />
      ) : (
        // The renderer escapes the source and emits only its own tags (markdown.ts), so this is safe.
        <div className={s.preview} data-testid="markdown-preview" dangerouslySetInnerHTML={{ __html: renderMarkdown(text) }} />
      )}
    </div>
  );
}

type RuleRow = { field?: string; type: RuleType; message?: string };

/**
 * rulestable: a list of validation rules (spec 5 rule catalogue), each with its message. The
 * server's per-row errors (`{field}[3].message`) show under their row (spec 8).
 */
export function RulesTable(p: WidgetProps & { rowErrors?: Record<number, string> }) {
  const s = useStyles();
  const { t } = useTranslation();
  const rows: RuleRow[] = Array.isArray(p.value) ? (p.value as RuleRow[]) : [];
  const set = (next: RuleRow[]) => {
    p.onChange(next);
    p.onBlur();
  };
  return (
    <div id={p.id}>
      <table className={s.table}>
        <thead>
          <tr>
            <th>{t('engine.rulesType')}</th>
            <th>{t('engine.rulesMessage')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td style={{ width: '38%' }}>
                <Dropdown value={r.type} selectedOptions={[r.type]} disabled={p.disabled} onOptionSelect={(_, d) => set(rows.map((x, k) => (k === i ? { ...x, type: d.optionValue as RuleType } : x)))}>
                  {RULE_TYPES.map((rt) => (
                    <Option key={rt} value={rt}>{rt}</Option>
                  ))}
                </Dropdown>
              </td>
              <td>
                <Input value={r.message ?? ''} disabled={p.disabled} style={{ width: '100%' }} onChange={(_, d) => p.onChange(rows.map((x, k) => (k === i ? { ...x, message: d.value } : x)))} onBlur={p.onBlur} />
                {p.rowErrors?.[i] && <div className={s.rowError}>{p.rowErrors[i]}</div>}
              </td>
              <td style={{ width: 40 }}>
                <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('engine.remove')} disabled={p.disabled} onClick={() => set(rows.filter((_, k) => k !== i))} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button size="small" icon={<AddRegular />} disabled={p.disabled} onClick={() => set([...rows, { type: 'required', message: '' }])}>{t('engine.addRule')}</Button>
    </div>
  );
}

type Mapping = Array<{ source: string; target: string }>;

function mappingOf(v: unknown): Mapping {
  if (Array.isArray(v)) return v as Mapping;
  if (v && typeof v === 'object') return Object.entries(v as Record<string, unknown>).map(([source, target]) => ({ source, target: asText(target) }));
  return [];
}

/** fmsfiltermapping: pairs of source field to target field (stored as an object source -> target). */
export function FilterMapping(p: WidgetProps) {
  const s = useStyles();
  const { t } = useTranslation();
  const [rows, setRows] = useState<Mapping>(() => mappingOf(p.value));
  const set = (next: Mapping) => {
    setRows(next);
    const obj: Record<string, string> = {};
    for (const r of next) if (r.source.trim()) obj[r.source.trim()] = r.target.trim();
    p.onChange(Object.keys(obj).length ? obj : null);
  };
  return (
    <div id={p.id}>
      <table className={s.table}>
        <thead>
          <tr>
            <th>{t('engine.mappingSource')}</th>
            <th>{t('engine.mappingTarget')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td><Input value={r.source} disabled={p.disabled} onChange={(_, d) => set(rows.map((x, k) => (k === i ? { ...x, source: d.value } : x)))} onBlur={p.onBlur} /></td>
              <td><Input value={r.target} disabled={p.disabled} onChange={(_, d) => set(rows.map((x, k) => (k === i ? { ...x, target: d.value } : x)))} onBlur={p.onBlur} /></td>
              <td><Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('engine.remove')} disabled={p.disabled} onClick={() => set(rows.filter((_, k) => k !== i))} /></td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button size="small" icon={<AddRegular />} disabled={p.disabled} onClick={() => setRows([...rows, { source: '', target: '' }])}>{t('engine.addMapping')}</Button>
    </div>
  );
}

/** matrixinputtable: the colour-size matrix of the grid module, configured by matinTableConfig. */
export function MatrixWidget(p: WidgetProps) {
  const cfg = p.field.matinTableConfig?.tableConfig;
  const config = { rowField: cfg?.rowField ?? DEFAULT_MATRIX.rowField, colField: cfg?.colField ?? DEFAULT_MATRIX.colField, cellField: cfg?.cellField ?? DEFAULT_MATRIX.cellField };
  const columns = cfg?.columns?.map((c) => (p.language === 'en' ? (c.labelEn ?? c.label) : c.label)) ?? [];
  return (
    <MatrixInputTable
      id={p.id}
      value={Array.isArray(p.value) ? (p.value as MatrixRecord[]) : []}
      onChange={(records) => {
        p.onChange(records);
        p.onBlur();
      }}
      config={config}
      columns={columns}
      disabled={p.disabled}
      extendable
      fixedColumns={Boolean(cfg?.fixedColumns)}
    />
  );
}
