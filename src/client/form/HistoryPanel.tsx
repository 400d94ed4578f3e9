import { makeStyles, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedField } from '../../model/page-resolve';
import type { EntityApi, HistoryEntry } from '../api/entity-api';
import { formatDateTime } from '../grid/cell-text';

/**
 * The change history of one record (GET .../history?id=): who, when, what action, and per field
 * the old and the new value, newest first; child lines show as "价格历史 #12 单价".
 */
const useStyles = makeStyles({
  empty: { color: tokens.colorNeutralForeground3, padding: '16px 0' },
  old: { color: tokens.colorPaletteRedForeground2, textDecorationLine: 'line-through', wordBreak: 'break-all' },
  new: { color: tokens.colorPaletteGreenForeground2, wordBreak: 'break-all' },
});

export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'object') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? '✓' : '✗';
  return String(v);
}

/** A dictionary value as its label in the interface language (the log stores codes). */
function shown(v: unknown, field: ResolvedField | undefined, en: boolean): string {
  const o = field?.options?.find((x) => x.value === String(v));
  return o ? (en ? (o.labelEn ?? o.label) : o.label) : valueText(v);
}

export function HistoryPanel({ api, id, fields = [] }: { api: EntityApi; id: number; fields?: readonly ResolvedField[] }) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [rows, setRows] = useState<HistoryEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    api.history(id).then((r) => live && setRows(r.rows)).catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, [api, id]);
  const byKey = new Map(fields.map((f) => [f.field, f]));
  if (rows === null) return <Spinner size="small" label={t('engine.loading')} />;
  if (rows.length === 0) return <div className={s.empty}>{t('engine.historyEmpty')}</div>;
  return (
    <Table size="small" aria-label={t('engine.historyTitle')} data-testid="history-table">
      <TableHeader>
        <TableRow>
          <TableHeaderCell style={{ width: 150 }}>{t('engine.historyWhen')}</TableHeaderCell>
          <TableHeaderCell style={{ width: 100 }}>{t('engine.historyWho')}</TableHeaderCell>
          <TableHeaderCell style={{ width: 70 }}>{t('engine.historyAction')}</TableHeaderCell>
          <TableHeaderCell>{t('engine.historyField')}</TableHeaderCell>
          <TableHeaderCell>{t('engine.historyOld')}</TableHeaderCell>
          <TableHeaderCell>{t('engine.historyNew')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.flatMap((entry) => {
          const changes = entry.changes.length ? entry.changes : [{ field: '', label: '', old: null, new: null }];
          return changes.map((c, i) => (
            <TableRow key={`${entry.id}-${i}`}>
              <TableCell>{i === 0 ? formatDateTime(entry.at) : ''}</TableCell>
              <TableCell>{i === 0 ? (entry.username ?? '') : ''}</TableCell>
              <TableCell>{i === 0 ? (entry.action_label ?? entry.action) : ''}</TableCell>
              <TableCell>{c.label ?? c.field}</TableCell>
              <TableCell>{c.field && c.old !== null && c.old !== undefined && c.old !== '' ? <span className={s.old}>{shown(c.old, byKey.get(c.field), en)}</span> : ''}</TableCell>
              <TableCell><span className={s.new}>{c.field ? shown(c.new, byKey.get(c.field), en) : ''}</span></TableCell>
            </TableRow>
          ));
        })}
      </TableBody>
    </Table>
  );
}
