/**
 * The buyer's comparison and evaluation of a sourcing project (issue 16), at `/srm/page/sourcingcompare?id=`:
 * - suppliers x RFQ items, each price at the item's quantity converted to the project's currency,
 *   the best price of each item marked, totals, a chart of the totals, the workbook;
 * - the evaluation: an evaluation member scores each shortlisted supplier on the scheme's items
 *   (the server checks minimum, maximum and option scores again), the weighted ranking;
 * - the award of a supplier once the evaluation is closed (the project's `award` action).
 * Data and commands: use-sourcing-compare.ts; the tables: CompareTables.tsx.
 */
import { Badge, Button, Checkbox, Dropdown, Option, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowDownloadRegular } from '@fluentui/react-icons';
import { BarChart } from 'echarts/charts';
import { GridComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectComparison } from '../../../model/calls/sourcing';
import type { Row } from '../../api/entity-api';
import { EChart } from '../../engine/report/EChart';
import { comparisonChartOption } from './compare-chart';
import { CSS } from './compare-css';
import { CompareTable, EvaluationTable, useStateLabel } from './CompareTables';
import { useSourcingCompare } from './use-sourcing-compare';
import './sourcing-messages';

echarts.use([BarChart, GridComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

/** The award is open once the evaluation has ended and nobody has been awarded. */
const canAwardNow = (c: { project: Row } | null) => c?.project.status === 'evaluation_ended' && !c.project.awarded_vendor_id;

/** The project picker: the projects that can be compared. */
function ProjectPicker({ projects, id, onChoose }: { projects: Row[]; id: number | null; onChoose: (id: string) => void }) {
  const { t } = useTranslation();
  const label = (p: Row) => `${p.code as string} ${p.name as string}`;
  const chosen = projects.find((x) => Number(x.id) === id);
  return (
    <Dropdown
      aria-label={t('src.ui.project')}
      data-testid="sc-project"
      style={{ minWidth: 320 }}
      placeholder={t('src.ui.pickProject')}
      value={chosen ? label(chosen) : ''}
      selectedOptions={id ? [String(id)] : []}
      onOptionSelect={(_e, d) => d.optionValue && onChoose(d.optionValue)}
    >
      {projects.map((p) => <Option key={String(p.id)} value={String(p.id)} text={label(p)}>{label(p)}</Option>)}
    </Dropdown>
  );
}

/** The totals as a bar chart. */
function CompareChart({ data }: { data: ProjectComparison }) {
  const { t } = useTranslation();
  const chart = useMemo(() => comparisonChartOption(data.suppliers, t('src.ui.chartTitle', { currency: data.currency })), [data, t]);
  return <div className="sc-panel">{data.suppliers.length ? <EChart echarts={echarts} option={chart} style={{ height: Math.max(160, 60 + data.suppliers.length * 44) }} notMerge /> : null}</div>;
}

export function SourcingComparePage() {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const c = useSourcingCompare();
  const { id, projects, data, ev } = c;
  const project = data?.project;
  return (
    <div className="sc-page" data-testid="sourcing-compare">
      <style>{CSS}</style>
      <div className="sc-head">
        <h2>{t('src.ui.compareTitle')}</h2>
        {projects && projects.length > 0 ? <ProjectPicker projects={projects} id={id} onChoose={c.choose} /> : null}
        {project ? <Badge appearance="tint" data-testid="sc-status">{stateLabel('srcproject_status', project.status)}</Badge> : null}
        {data ? <span className="sc-sub">{t('src.ui.currency')}: {data.currency}</span> : null}
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void c.load()} disabled={!id}>{t('src.ui.refresh')}</Button>
        {canAwardNow(data) ? <Checkbox data-testid="sc-contract" checked={c.withContract} onChange={(_e, d) => c.setWithContract(Boolean(d.checked))} label={t('src.ui.withContract')} /> : null}
        <Button icon={<ArrowDownloadRegular />} data-testid="sc-export" disabled={!id} onClick={c.exportWorkbook}>{t('src.ui.export')}</Button>
      </div>
      {projects === null ? <Spinner /> : projects.length === 0 ? <div className="sc-panel">{t('src.ui.noProjects')}</div> : null}
      {id && !data && projects?.length ? <Spinner /> : null}
      {data ? (
        <>
          {data.missing_rates.length ? <div className="sc-warn">{t('src.ui.missingRates', { list: data.missing_rates.join(', ') })}</div> : null}
          <div className="sc-grid2">
            <div className="sc-panel">
              {data.suppliers.length === 0 ? t('src.ui.noSuppliers') : <CompareTable data={data} busy={c.busy} onAward={(s) => void c.awardTo(s)} />}
            </div>
            <CompareChart data={data} />
          </div>
          <div className="sc-panel" data-testid="sc-evaluation">
            <h3 style={{ margin: '0 0 8px', fontSize: 15 }}>{t('src.ui.evaluation')}</h3>
            {!ev || !['evaluating', 'evaluation_ended'].includes(String(project?.status)) ? (
              <div className="sc-sub">{t('src.ui.evalNotStarted')}</div>
            ) : (
              <>
                {!ev.is_member ? <div className="sc-sub">{t('src.ui.notMember')}</div> : null}
                <EvaluationTable ev={ev} status={project?.status} draft={c.draft} busy={c.busy} setScore={c.setScore} onSave={(r) => void c.saveScores(r)} />
              </>
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}
