import { Button, Card, CardHeader, MessageBar, MessageBarBody, Spinner, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { MappingColumn } from './MappingColumn';
import { MappingOrderFields } from './MappingOrderFields';
import { useImportStyles } from './import-styles';
import type { ImportState } from './use-import';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto', maxWidth: '100%', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  table: { borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200 },
  th: { padding: '6px', verticalAlign: 'top', textAlign: 'left', backgroundColor: tokens.colorNeutralBackground2, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  td: { padding: '4px 6px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, whiteSpace: 'nowrap', maxWidth: '220px', overflow: 'hidden', textOverflow: 'ellipsis' },
  rowNo: { color: tokens.colorNeutralForeground3, textAlign: 'right', width: '40px' },
  title: { color: tokens.colorNeutralForeground3 },
  header: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorBrandBackground2 },
  // An order header row's text runs on over the empty cells beside it (its pairs are often one cell).
  order: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorPaletteYellowBackground1, '& td': { overflow: 'visible', textOverflow: 'clip' } },
});

/**
 * The mapping step (issue 33): the uploaded sheet's first rows as they are (title rows greyed, the
 * header row marked), a drop-down per column with the proposed field preselected and how sure it
 * is, a sheet of order blocks' order header rows marked and their keys' fields, the required fields
 * still without a column, then the check as for a template.
 */
export function MappingStep({ state }: { state: ImportState }) {
  const s = useStyles();
  const is = useImportStyles();
  const { t } = useTranslation();
  const { mapping, confirmMapping, sending } = state;
  if (mapping.reading) return <Spinner size="tiny" label={t('upload.mapReading')} data-testid="mapping-reading" />;
  const pending = mapping.pending;
  if (!pending) return null;
  const { view, targets } = pending;
  const proposal = view.proposal;
  const width = Math.max(proposal?.columns.length ?? 0, ...view.rows.map((r) => r.cells.length));
  const orderRows = new Set(proposal?.orderRows ?? []);
  const rowClass = (n: number) => (orderRows.has(n) ? s.order : n === proposal!.headerRow ? s.header : n < proposal!.headerRow ? s.title : undefined);
  return (
    <Card className={is.card} data-testid="mapping-step">
      <CardHeader header={<Text weight="semibold">{t('upload.mapTitle')} · {pending.file.name}</Text>} />
      {!proposal ? (
        <MessageBar intent="warning"><MessageBarBody>{t('upload.mapNoHeader')}</MessageBarBody></MessageBar>
      ) : (
        <>
          <Text size={200}>{view.fromMemory ? t('upload.mapFromMemory') : t('upload.mapHint')} · {t(proposal.orderRows.some((n) => n < proposal.headerRow) ? 'upload.mapHeaderRowOrder' : 'upload.mapHeaderRow', { row: proposal.headerRow })}</Text>
          <div className={s.scroll}>
            <table className={s.table} data-testid="mapping-table">
              <thead>
                <tr>
                  <th className={mergeClasses(s.th, s.rowNo)}>{t('upload.mapRow')}</th>
                  {proposal.columns.slice(0, width).map((c) => (
                    <th key={c.index} className={s.th}>
                      <MappingColumn column={c} target={targets[c.index] ?? null} view={view} sizeTarget={mapping.sizeTarget(c.header)} onChange={(target) => mapping.setTarget(c.index, target)} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {view.rows.map((r) => (
                  <tr key={r.number} className={rowClass(r.number)} data-order-row={orderRows.has(r.number) || undefined}>
                    <td className={mergeClasses(s.td, s.rowNo)} title={orderRows.has(r.number) ? t('upload.mapOrderRow') : undefined}>{r.number}</td>
                    {Array.from({ length: width }, (_, i) => (
                      <td key={i} className={s.td} title={r.cells[i] === null || r.cells[i] === undefined ? '' : String(r.cells[i])}>{r.cells[i] === null || r.cells[i] === undefined ? '' : String(r.cells[i])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <MappingOrderFields view={view} targets={pending.orderTargets} onChange={mapping.setOrderTarget} />
          {mapping.missing.length > 0 && (
            <MessageBar intent="warning" data-testid="mapping-missing"><MessageBarBody>{t('upload.mapMissing', { fields: mapping.missing.join('、') })}</MessageBarBody></MessageBar>
          )}
        </>
      )}
      <div className={is.actions}>
        <Button appearance="primary" disabled={!proposal || mapping.missing.length > 0 || sending !== null} onClick={() => void confirmMapping()} data-testid="mapping-confirm">{t('upload.mapConfirm')}</Button>
        <Button onClick={mapping.clear} disabled={sending !== null} data-testid="mapping-cancel">{t('upload.mapCancel')}</Button>
      </div>
    </Card>
  );
}
