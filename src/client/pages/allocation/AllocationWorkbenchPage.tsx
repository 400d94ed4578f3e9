import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allocationVersion } from '../../../model/entities/allocationversion.entity';
import { resolvedPageOf } from '../../api/resolved-page';
import { ConfirmDialog } from '../../form/dialogs';
import { FormDrawer, type DrawerState } from '../../form/FormDrawer';
import { stateNoticeOf } from '../../form/state-notice';
import { SPREADSHEET_CSS } from '../../grid/useSpreadsheetKeys';
import { SuggestResult } from './SuggestResult';
import { usePendingCells } from './use-pending-cells';
import { useWorkbenchCommands } from './use-workbench-commands';
import { useWorkbenchData } from './use-workbench-data';
import { useWorkbenchGrid } from './use-workbench-grid';
import { WorkbenchBody } from './WorkbenchBody';
import { WorkbenchHead } from './WorkbenchHead';
import { WorkbenchToolbar } from './WorkbenchToolbar';
import { CELL_CSS, useWorkbenchStyles } from './workbench-styles';

/**
 * The allocation workbench (issue 6; DOMAIN "Demand allocation"): a version's demand lines against its
 * vendors, editable in place while the version is a draft; allocated against demand per line, load
 * against capacity per vendor (and per cycle in the heatmap beside it) follow every edit at once
 * through the ledger, over-capacity and unallocated cells are highlighted; "Suggest allocation" runs the
 * server's algorithm (planner edits are kept) and lists what it could not place and why; edits are
 * saved with save-cells. A new version is the versions page's own drawer; copying, publishing and
 * archiving are the version's declared transitions, asked for by the engine's dialogs.
 */
export function AllocationWorkbenchPage() {
  const s = useWorkbenchStyles();
  const { t } = useTranslation();
  const data = useWorkbenchData();
  const pending = usePendingCells(data);
  const grid = useWorkbenchGrid(data);
  const commands = useWorkbenchCommands(data, pending);
  // The new version's drawer (one state object per opening: the drawer reads a record anew for each).
  const [creating, setCreating] = useState<DrawerState>(null);
  const openCreate = () => setCreating({ action: 'add', id: null });
  const { version } = data;
  // What the version's state means (a published or archived version is read-only): its declared notice.
  const notice = stateNoticeOf(allocationVersion, version, t);

  // The document title is the workbench's menu entry's (grids/orders/menu.ts), set by the shell.
  // The version's demand lines in the engine's list, filtered by the version (spec 2 sub-index page).
  const demandLink = `/page/subindex/demand?version_id=${String(version?.id ?? '')}`;
  const versionsPage = resolvedPageOf('allocationversion');

  return (
    <div className={s.page} data-testid="allocation-workbench">
      <style>{CELL_CSS + SPREADSHEET_CSS}</style>
      <WorkbenchHead versions={data.versions} versionId={data.versionId} pick={data.pick} version={version} />
      <WorkbenchToolbar data={data} commands={commands} openCreate={openCreate} demandLink={demandLink} />
      {notice && (
        <MessageBar intent={notice.intent} data-testid="readonly-notice">
          <MessageBarBody>{notice.text}</MessageBarBody>
        </MessageBar>
      )}
      {commands.suggestion && <SuggestResult suggestion={commands.suggestion} lineById={data.lineById} vendorById={data.vendorById} />}
      <WorkbenchBody data={data} grid={grid} pending={pending} openCreate={openCreate} demandLink={demandLink} />
      <ConfirmDialog open={commands.discarding} text={t('alloc.discard', { count: data.totals?.pending ?? 0 })} onConfirm={commands.discard} onCancel={() => commands.setDiscarding(false)} />
      {pending.unsaved.dialog}
      {versionsPage && (
        <FormDrawer
          resolved={versionsPage}
          state={creating}
          onClose={() => setCreating(null)}
          onSaved={(row) => {
            setCreating(null);
            void data.loadVersions().then(() => data.pick(Number(row.id)));
          }}
        />
      )}
    </div>
  );
}
