import { Button, Spinner, Tab, TabList, Text } from '@fluentui/react-components';
import { AddRegular, TableRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { workbenchGrid } from '../../../../grids/orders/allocation.grid';
import { EmptyState } from '../../engine/EmptyState';
import { MemoryGrid } from '../../grid/MemoryGrid';
import { SplitPane } from '../../shell/SplitPane';
import { CapacityHeatmap } from './CapacityHeatmap';
import type { PendingCells } from './use-pending-cells';
import type { WorkbenchData } from './use-workbench-data';
import type { WorkbenchGrid } from './use-workbench-grid';
import { useWorkbenchStyles } from './workbench-styles';

type Props = {
  data: WorkbenchData;
  grid: WorkbenchGrid;
  pending: Pick<PendingCells, 'sheetKeys' | 'gridApi'>;
  openCreate: () => void;
  demandLink: string;
};

/** The month tabs, the grid and the capacity heatmap beside it; or why there is none (loading, no versions, no lines). */
export function WorkbenchBody(props: Props) {
  const s = useWorkbenchStyles();
  const { t } = useTranslation();
  const { data, grid, pending, openCreate, demandLink } = props;
  const { versions, loading, state, version, cycles, heatVendors, cells, revision } = data;
  // A reload of the version shown (a refresh, a save, a colleague's change) keeps the grid, its
  // focus and the planner's range; only another version's load shows the spinner instead.
  const reloading = loading && Boolean(state) && Number(state?.data.version.id) === data.versionId;
  if (versions === null || (loading && !reloading)) return <Spinner label={t('engine.loading')} data-testid="workbench-loading" />;
  if (versions.length === 0)
    return (
      <EmptyState testId="workbench-empty" title={t('alloc.noVersions')}>
        <Button appearance="primary" icon={<AddRegular />} onClick={openCreate}>{t('alloc.create')}</Button>
      </EmptyState>
    );
  if (!state) return <EmptyState title={t('alloc.pickVersion')} />;
  if (state.data.lines.length === 0)
    return (
      <EmptyState testId="workbench-no-lines" title={t('alloc.noLines')} text={t('alloc.createHint')}>
        <Link to={demandLink}>
          <Button icon={<TableRegular />}>{t('alloc.demandLines')}</Button>
        </Link>
      </EmptyState>
    );
  return (
    <>
      <TabList size="small" selectedValue={grid.cycleTab} onTabSelect={(_, d) => grid.setCycleTab(String(d.value))}>
        <Tab value="all">{t('alloc.allMonths')}</Tab>
        {cycles.map((c) => (
          <Tab key={c} value={c} data-testid={`cycle-${c}`}>{c}</Tab>
        ))}
      </TabList>
      <SplitPane id="alloc-heatmap" sized="end" defaultSize={320} min={220} maxShare={0.55} otherMin={420} label={t('alloc.heatmapWidth')} className={s.main}>
        <div className={s.grid} data-testid="workbench-grid" data-version={String(state.data.version.id)} aria-busy={reloading} {...pending.sheetKeys.containerProps}>
          {grid.source && (
            <MemoryGrid decl={workbenchGrid} rows={state.data.lines} source={grid.source} editable={data.draft} tab={grid.cycleTab} sheetKeys={pending.sheetKeys} onEdited={data.bump} apiRef={pending.gridApi} />
          )}
        </div>
        <aside className={s.side}>
          <div className={s.sideHead}>
            <Text weight="semibold">{t('alloc.heatmap')}</Text>
            <Text size={200}>{t('alloc.heatmapHint')}</Text>
          </div>
          <div className={s.sideBody}>
            <CapacityHeatmap key={String(version?.id ?? '')} vendors={heatVendors} cycles={cycles} cells={cells} revision={revision} language={grid.language} />
          </div>
        </aside>
      </SplitPane>
    </>
  );
}
