import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { unplacedColumns, workbenchGrid } from '../../../../grids/orders/allocation.grid';
import { requireEntity } from '../../../model/entity';
import { resolveColumns } from '../../../model/page-resolve';
import { ColumnTable } from '../../grid/ColumnTable';
import type { SuggestReply } from './use-workbench-commands';
import type { WorkbenchData } from './use-workbench-data';
import { useWorkbenchStyles } from './workbench-styles';

type Props = Pick<WorkbenchData, 'lineById' | 'vendorById'> & { suggestion: SuggestReply };

/** What the suggestion did (issue 6): its totals, the lines it could not place (in their declared columns) and why, the cells it kept over capacity. */
export function SuggestResult({ suggestion, lineById, vendorById }: Props) {
  const s = useWorkbenchStyles();
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const columns = resolveColumns(requireEntity(workbenchGrid.entity), unplacedColumns);
  return (
    <MessageBar intent={suggestion.unplaced.length ? 'warning' : 'success'} data-testid="suggest-result">
      <MessageBarBody>
        <div>{t('alloc.suggestResult', { demand: suggestion.totals.demand.toLocaleString(), kept: suggestion.totals.kept.toLocaleString(), suggested: suggestion.totals.suggested.toLocaleString(), unplaced: suggestion.totals.unplaced.toLocaleString() })}</div>
        {suggestion.unplaced.length > 0 && (
          <details>
            <summary>{t('alloc.unplacedList', { count: suggestion.unplaced.length })}</summary>
            <ColumnTable
              className={s.unplaced}
              testId="unplaced-list"
              columns={columns}
              items={suggestion.unplaced}
              language={language}
              rowOf={(u) => lineById.get(u.lineId)}
              keyOf={(u) => `${u.lineId}-${u.reason}`}
              extra={[
                { key: 'qty', label: t('alloc.col.unplacedQty'), align: 'right', cell: (u) => u.qty.toLocaleString() },
                { key: 'reason', label: t('alloc.col.reason'), cell: (u) => u.message },
              ]}
            />
          </details>
        )}
        {suggestion.overCapacity.length > 0 && (
          <div>{t('alloc.keptOver', { list: suggestion.overCapacity.map((o) => `${vendorById.get(o.vendorId)?.code ?? o.vendorId} ${o.cycle} ${o.load}/${o.capacity}`).join('; ') })}</div>
        )}
      </MessageBarBody>
    </MessageBar>
  );
}
