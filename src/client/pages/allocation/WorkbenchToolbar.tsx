import { Spinner, ToolbarButton, ToolbarDivider } from '@fluentui/react-components';
import { AddRegular, ArchiveRegular, ArrowClockwiseRegular, CopyRegular, LightbulbFilamentRegular, SaveRegular, SendRegular, TableRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListExcelActions } from '../../engine/ListExcelActions';
import { TransitionButtons } from '../../form/DrawerTransitions';
import { FigureBar, type Figure } from '../../engine/FigureBar';
import { OverflowToolbar } from '../../engine/OverflowToolbar';
import type { WorkbenchCommands } from './use-workbench-commands';
import type { WorkbenchData } from './use-workbench-data';
import { useWorkbenchStyles } from './workbench-styles';

/** The demand list's query for one version (the export repeats it, as a list export repeats its filters). */
const demandQuery = (versionId: number): Record<string, unknown> => ({ 'f.version_id.eq': String(versionId) });

type Props = {
  data: Pick<WorkbenchData, 'version' | 'draft' | 'state' | 'totals'>;
  commands: Pick<WorkbenchCommands, 'busy' | 'setBusy' | 'suggest' | 'saveEdits' | 'refresh' | 'transitions'>;
  openCreate: () => void;
  demandLink: string;
};

/** The toolbar's icon of a version's declared transition. */
const TRANSITION_ICON: Record<string, ReactElement> = { publish: <SendRegular />, archive: <ArchiveRegular />, copy: <CopyRegular /> };

/** The workbench's running totals: demand, allocated, unallocated, over-allocated (when any), cells over capacity. */
function WorkbenchTotals({ totals }: { totals: NonNullable<WorkbenchData['totals']> }) {
  const { t } = useTranslation();
  const figure = (key: keyof typeof totals, tone: Figure['tone'] = 'plain', testId: string | undefined = `total-${key}`): Figure => ({ key, label: t(`alloc.sum.${key}`), value: totals[key], tone: totals[key] ? tone : 'plain', testId });
  const over = totals.overAllocated > 0 ? [figure('overAllocated', 'bad', undefined)] : [];
  return <FigureBar testId="workbench-totals" figures={[figure('demand'), figure('allocated'), figure('unallocated', 'warn'), ...over, figure('overCapacity', 'bad', 'total-overcapacity')]} />;
}

/** The workbench's toolbar (new version, suggest, save, the version's transitions, demand lines, Excel, refresh) and its totals. */
export function WorkbenchToolbar({ data, commands, openCreate, demandLink }: Props) {
  const s = useWorkbenchStyles();
  const { t } = useTranslation();
  const { version, draft, state, totals } = data;
  const { busy } = commands;
  const demandPage = resolvedPageOf('demand');
  return (
    <div className={s.bar}>
      <div className={s.toolbar}>
      <OverflowToolbar label={t('alloc.title')} testId="workbench-toolbar">
        <ToolbarButton icon={<AddRegular />} onClick={openCreate} data-testid="version-create">{t('alloc.create')}</ToolbarButton>
        <ToolbarDivider />
        <ToolbarButton appearance="primary" icon={<LightbulbFilamentRegular />} disabled={!draft || busy || !state?.data.lines.length} onClick={() => void commands.suggest()} data-testid="suggest">
          {t('alloc.suggest')}
        </ToolbarButton>
        <ToolbarButton icon={<SaveRegular />} disabled={!draft || busy || !totals?.pending} onClick={() => void commands.saveEdits()} data-testid="save-cells">
          {t('alloc.save', { count: totals?.pending ?? 0 })}
        </ToolbarButton>
        <ToolbarDivider />
        <TransitionButtons toolbar icons={TRANSITION_ICON} prefix="version" record={version} busy={busy} onBusy={commands.setBusy} {...commands.transitions} />
        <ToolbarDivider />
        {version && (
          <Link to={demandLink}>
            <ToolbarButton icon={<TableRegular />}>{t('alloc.demandLines')}</ToolbarButton>
          </Link>
        )}
        {version && demandPage && (
          // Issue 10: the workbench offers Excel like every list: export the demand lines of the
          // version shown, import demand lines through the import centre (the writer refuses lines
          // of a published version, as the form does).
          <ListExcelActions resolved={demandPage} listQuery={() => demandQuery(Number(version.id))} visibleColumns={() => demandPage.columns.map((c) => c.field)} />
        )}
        <ToolbarButton icon={<ArrowClockwiseRegular />} aria-label={t('engine.refresh')} disabled={!version || busy} onClick={commands.refresh} data-testid="workbench-refresh" />
      </OverflowToolbar>
      </div>
      <span style={{ flex: 1 }} />
      {busy && <Spinner size="tiny" />}
      {totals && <WorkbenchTotals totals={totals} />}
    </div>
  );
}
