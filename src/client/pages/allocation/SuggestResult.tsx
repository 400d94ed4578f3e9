import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { SuggestReply } from './use-workbench-commands';
import type { WorkbenchData } from './use-workbench-data';
import { useWorkbenchStyles } from './workbench-styles';

type Props = Pick<WorkbenchData, 'lineById' | 'vendorById'> & { suggestion: SuggestReply; categories: Map<string, string> };

/** What the suggestion did (issue 6): its totals, the lines it could not place and why, the cells it kept over capacity. */
export function SuggestResult({ suggestion, lineById, vendorById, categories }: Props) {
  const s = useWorkbenchStyles();
  const { t } = useTranslation();
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
                  <th align="left">{t('alloc.col.month')}</th>
                  <th align="left">{t('alloc.col.category')}</th>
                  <th align="left">{t('alloc.col.sku')}</th>
                  <th align="right">{t('alloc.col.unplacedQty')}</th>
                  <th align="left">{t('alloc.col.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {suggestion.unplaced.map((u) => {
                  const l = lineById.get(u.lineId);
                  return (
                    <tr key={`${u.lineId}-${u.reason}`}>
                      <td>{l?.month}</td>
                      <td>{l ? (categories.get(l.category) ?? l.category) : ''}</td>
                      <td>{l?.plan_sku}</td>
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
