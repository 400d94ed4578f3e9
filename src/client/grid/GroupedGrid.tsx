import { Text, makeStyles, tokens } from '@fluentui/react-components';
import type { RowSelectionOptions } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useTranslation } from 'react-i18next';
import { MAX_LIST_GROUPS } from '../../model/calls/list-groups';
import type { GroupGridRow } from './group-rows';
import { gridTheme, GRID_LOCALE } from './grid-theme';
import { useGroupedGrid, type GroupedGridProps } from './use-grouped-grid';
import './grid-modules';

export type { GroupedGridProps } from './use-grouped-grid';

const useStyles = makeStyles({
  wrap: { flex: 1, minHeight: '320px', display: 'flex', flexDirection: 'column', gap: '4px' },
  grid: { flex: 1, minHeight: 0, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  note: { color: tokens.colorNeutralForeground3 },
  failed: { color: tokens.colorPaletteRedForeground1 },
});

// Records are selected as in the list (click, Ctrl/Shift-click); group and total rows are not records.
const ROW_SELECTION: RowSelectionOptions<GroupGridRow> = { mode: 'multiRow', checkboxes: false, headerCheckbox: false, enableClickSelection: true, isRowSelectable: (n) => n.data?.__kind === 'record' };

/**
 * A registry list grouped by one field on AG Grid Community's client-side rows (issue 32): a row
 * per group with its name, row count and subtotals under the measures' columns, open and closed by
 * a click or by Enter / Right / Left, its records read when it opens; the grand total pinned at the
 * bottom. The groups are the server's (GET .../groups) under the list's own query.
 */
export function GroupedGrid(props: GroupedGridProps) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const g = useGroupedGrid(props);
  const { reply, status } = g.list;
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  return (
    <div className={s.wrap} data-testid={`grouped-${props.resolved.page.opt}`} data-status={status}>
      {status === 'failed' && <Text className={s.failed}>{t('groups.failed')}</Text>}
      {reply?.truncated && <Text size={200} className={s.note}>{t('groups.truncated', { max: MAX_LIST_GROUPS })}</Text>}
      <div className={s.grid}>
        <AgGridReact<GroupGridRow>
          {...g.gridProps}
          theme={gridTheme}
          rowData={g.list.rows}
          pinnedBottomRowData={g.list.total}
          columnDefs={g.columnDefs}
          defaultColDef={g.defaultColDef}
          rowSelection={ROW_SELECTION}
          loading={status === 'loading' && !reply}
          overlayLoadingTemplate={`<span>${t('groups.loading')}</span>`}
          overlayNoRowsTemplate={`<span>${t(status === 'failed' ? 'groups.failed' : 'groups.noGroups')}</span>`}
          localeText={GRID_LOCALE[language]}
          tooltipShowDelay={400}
          tooltipShowMode="whenTruncated"
          suppressColumnVirtualisation
        />
      </div>
    </div>
  );
}
