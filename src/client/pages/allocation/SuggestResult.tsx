import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { unplacedColumns, workbenchGrid } from '../../../../grids/orders/allocation.grid';
import { requireEntity } from '../../../model/entity';
import { resolveColumns } from '../../../model/page-resolve';
import { cellText } from '../../grid/cell-text';
import { useLabel } from '../common/admin-kit';
import type { SuggestReply } from './use-workbench-commands';
import type { WorkbenchData } from './use-workbench-data';
import { useWorkbenchStyles } from './workbench-styles';

type Props = Pick<WorkbenchData, 'lineById' | 'vendorById'> & { suggestion: SuggestReply };

/** What the suggestion did (issue 6): its totals, the lines it could not place (in their declared columns) and why, the cells it kept over capacity. */
export function SuggestResult({ suggestion, lineById, vendorById }: Props) {
  const s = useWorkbenchStyles();
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const columns = resolveColumns(requireEntity(workbenchGrid.entity), unplacedColumns);
  return (
    <MessageBar intent={suggestion.unplaced.length ? 'warning' : 'success'} data-testid="suggest-result">
      <MessageBarBody>
        <div>{t('alloc.suggestResult', { demand: suggestion.totals.demand.toLocaleString(), kept: suggestion.totals.kept.toLocaleString(), suggested: suggestion.totals.suggested.toLocaleString(), unplaced: suggestion.totals.unplaced.toLocaleString() })}</div>
        {suggestion.unplaced.length > 0 && (
          <details>
            <summary>{t('alloc.unplacedList', { count: suggestion.unplaced.length })}</summary>
            <table className={s.unplaced} data-testid="unplaced-list">
              <thead>
                <tr>
                  {columns.map((c) => <th key={c.field} align="left">{label(c.label)}</th>)}
                  <th align="right">{t('alloc.col.unplacedQty')}</th>
                  <th align="left">{t('alloc.col.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {suggestion.unplaced.map((u) => {
                  const l = lineById.get(u.lineId);
                  return (
                    <tr key={`${u.lineId}-${u.reason}`}>
                      {columns.map((c) => <td key={c.field}>{l ? cellText(c.renderer, l[c.field as keyof typeof l], { column: c, row: l, language }) : ''}</td>)}
                      <td align="right">{u.qty.toLocaleString()}</td>
                      <td>{u.message}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </details>
        )}
        {suggestion.overCapacity.length > 0 && (
          <div>{t('alloc.keptOver', { list: suggestion.overCapacity.map((o) => `${vendorById.get(o.vendorId)?.code ?? o.vendorId} ${o.cycle} ${o.load}/${o.capacity}`).join('; ') })}</div>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
