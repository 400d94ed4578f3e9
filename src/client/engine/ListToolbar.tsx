import { Menu, MenuItem, MenuItemCheckbox, MenuList, MenuPopover, MenuTrigger, ToolbarButton, ToolbarDivider, Tooltip } from '@fluentui/react-components';
import {
  AddRegular,
  ArrowClockwiseRegular,
  ColumnTripleEditRegular,
  DeleteRegular,
  DocumentPrintRegular,
  EditRegular,
  EyeRegular,
  HistoryRegular,
  PlayRegular,
} from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ResolvedPage } from '../../model/page-resolve';
import { openedAddress } from '../../model/page';
import { groupingParams } from '../../model/list-groups';
import { GroupByMenu } from './GroupByMenu';
import { ListExcelActions } from './ListExcelActions';
import { OverflowToolbar } from './OverflowToolbar';
import { useColumnChoice, type ListActions } from './use-list-actions';
import type { ListController } from './use-list-controller';
import type { ListGroupingState } from './use-list-grouping';

/** The columns menu of a list's toolbar. */
function ColumnsMenu({ resolved, list }: { resolved: ResolvedPage; list: ListController }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const cols = useColumnChoice(resolved, list);
  return (
    <Menu checkedValues={{ cols: cols.checked }} onCheckedValueChange={(_, d) => cols.show(d.checkedItems)}>
      <MenuTrigger disableButtonEnhancement>
        <ToolbarButton icon={<ColumnTripleEditRegular />} aria-label={t('engine.columns')} title={t('engine.columns')} data-testid="action-columns" data-overflow-keep="" />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {resolved.columns.map((c) => (
            <MenuItemCheckbox key={c.field} name="cols" value={c.field}>
              {en ? c.label.en : c.label.zh}
            </MenuItemCheckbox>
          ))}
          <MenuItem onClick={cols.reset}>{t('engine.resetColumns')}</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

type ToolbarProps = { resolved: ResolvedPage; list: ListController; actions: ListActions; title: string; pageActions?: (list: ListController) => ReactNode; pageTools?: (list: ListController) => ReactNode; grouping?: ListGroupingState };

/** A list page's toolbar: create, edit, view, remove, the transitions or the page's own actions, and the tools. */
export function ListToolbar({ resolved, list, actions, title, pageActions, pageTools, grouping }: ToolbarProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const navigate = useNavigate();
  const { gridApi, withSelection, refresh } = list;
  const { has, transitions, setConfirmRemove, startTransition } = actions;
  const setDrawer = list.openDrawer;
  return (
      <OverflowToolbar label={title} testId="list-toolbar">
        {has('create') && (
          <ToolbarButton appearance="primary" icon={<AddRegular />} onClick={() => setDrawer({ action: 'add', id: null })} data-testid="action-create">
            {t('engine.create')}
          </ToolbarButton>
        )}
        {has('edit') && (
          <ToolbarButton icon={<EditRegular />} onClick={() => withSelection((rows) => setDrawer({ action: 'edit', id: Number(rows[0].id) }))} data-testid="action-edit">
            {t('engine.edit')}
          </ToolbarButton>
        )}
        {has('view') && (
          <ToolbarButton icon={<EyeRegular />} onClick={() => withSelection((rows) => navigate(resolved.page.opens ? openedAddress(resolved.page.opens, rows[0]) : `/page/view/${resolved.page.opt}?id=${String(rows[0].id)}`))} data-testid="action-view">
            {t('engine.view')}
          </ToolbarButton>
        )}
        {has('remove') && (
          <ToolbarButton icon={<DeleteRegular />} onClick={() => withSelection(() => setConfirmRemove(true))} data-testid="action-remove">
            {t('engine.remove')}
          </ToolbarButton>
        )}
        {(pageActions || transitions.length > 0) && <ToolbarDivider />}
        {pageActions
          ? pageActions(list)
          : transitions.map((tr) => (
              <ToolbarButton key={tr.action} icon={<PlayRegular />} onClick={() => startTransition(tr)} data-testid={`action-${tr.action}`}>
                {en ? tr.label.en : tr.label.zh}
              </ToolbarButton>
            ))}
        {pageTools?.(list)}
        <ToolbarDivider />
        {has('history') && (
          <Tooltip content={t('engine.history')} relationship="label">
            <ToolbarButton icon={<HistoryRegular />} onClick={() => withSelection((rows) => setDrawer({ action: 'edit', id: Number(rows[0].id), tab: 'history' }))} data-testid="action-history" />
          </Tooltip>
        )}
        <Tooltip content={t('engine.document')} relationship="label">
          <ToolbarButton icon={<DocumentPrintRegular />} onClick={() => withSelection((rows) => navigate(`/page/document/${resolved.page.opt}?id=${String(rows[0].id)}`))} data-testid="action-document" />
        </Tooltip>
        {grouping && <GroupByMenu grouping={grouping} />}
        <ListExcelActions
          resolved={resolved}
          listQuery={() => ({ ...(list.lastQuery.current ?? {}), ...groupingParams(grouping?.value ?? null) })}
          visibleColumns={() => gridApi.current?.getAllDisplayedColumns().map((c) => c.getColId()).filter((id) => resolved.columns.some((c) => c.field === id)) ?? []}
        />
        <Tooltip content={t('engine.refresh')} relationship="label">
          <ToolbarButton icon={<ArrowClockwiseRegular />} onClick={() => refresh()} data-testid="action-refresh" />
        </Tooltip>
      <ColumnsMenu resolved={resolved} list={list} />
    </OverflowToolbar>
  );
}
