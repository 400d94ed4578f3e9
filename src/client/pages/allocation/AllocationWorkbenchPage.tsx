import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../form/dialogs';
import { SPREADSHEET_CSS } from '../../grid/useSpreadsheetKeys';
import { SuggestResult } from './SuggestResult';
import { usePendingCells } from './use-pending-cells';
import { useVersionDialog } from './use-version-dialog';
import { useWorkbenchCommands } from './use-workbench-commands';
import { useWorkbenchData } from './use-workbench-data';
import { useWorkbenchGrid } from './use-workbench-grid';
import { VersionDialog } from './VersionDialog';
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
 * saved with save-cells; versions are created, copied, published and archived here.
 */
export function AllocationWorkbenchPage() {
  const s = useWorkbenchStyles();
  const { t } = useTranslation();
  const data = useWorkbenchData();
  const pending = usePendingCells(data);
  const grid = useWorkbenchGrid(data, pending);
  const commands = useWorkbenchCommands(data, pending);
  const dialog = useVersionDialog(data, commands.setBusy);
  const { version, draft } = data;

  useEffect(() => {
    document.title = t('alloc.title');
  }, [t]);

  // The version's demand lines in the engine's list, filtered by the version (spec 2 sub-index page).
  const demandLink = `/page/subindex/demand?version_id=${String(version?.id ?? '')}`;

  return (
    <div className={s.page} data-testid="allocation-workbench">
      <style>{CELL_CSS + SPREADSHEET_CSS}</style>
      <WorkbenchHead versions={data.versions} versionId={data.versionId} pick={data.pick} version={version} />
      <WorkbenchToolbar data={data} commands={commands} openDialog={dialog.openDialog} demandLink={demandLink} />
      {version && !draft && (
        <MessageBar intent="info" data-testid="readonly-notice">
          <MessageBarBody>{t(version.status === 'published' ? 'alloc.readOnlyPublished' : 'alloc.readOnlyArchived')}</MessageBarBody>
        </MessageBar>
      )}
      {commands.suggestion && <SuggestResult suggestion={commands.suggestion} lineById={data.lineById} vendorById={data.vendorById} categories={grid.categories} />}
      <WorkbenchBody data={data} grid={grid} pending={pending} openDialog={dialog.openDialog} demandLink={demandLink} />
      <ConfirmDialog open={commands.confirm !== null} text={commands.confirmText} onConfirm={commands.onConfirm} onCancel={() => commands.setConfirm(null)} />
      {pending.unsaved.dialog}
      <VersionDialog dialog={dialog} version={version} busy={commands.busy} />
    </div>
  );
}
