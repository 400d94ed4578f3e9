import { Button, makeStyles, Spinner, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import '../../../model/entities/process-def.entity';
import { approvalApi, type DocumentSummary, type MyTask } from './approval-api';
import { DecisionButtons, FlowPanel, useFlow, when } from './ApprovalPanel';
import './approval-messages';

const useStyles = makeStyles({
  page: { display: 'flex', gap: '16px', padding: '12px 16px', alignItems: 'flex-start' },
  list: { flex: '1 1 55%', minWidth: 0 },
  side: { flex: '1 1 45%', minWidth: 0, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '12px', display: 'flex', flexDirection: 'column', gap: '10px' },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300 },
  th: { textAlign: 'left', padding: '6px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke1}`, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  td: { padding: '6px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  row: { cursor: 'pointer', ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover } },
  buttons: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
  figures: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: '6px 12px' },
  figure: { display: 'flex', flexDirection: 'column' },
  num: { textAlign: 'right', padding: '4px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, whiteSpace: 'nowrap' },
});

const NUMERIC = new Set(['qty', 'unit_price', 'amount', 'total_amount', 'total_qty', 'seq']);

/** The document's key figures and its lines, so the approver decides without opening it (issue 29). */
function TaskSummary({ summary }: { summary: DocumentSummary }) {
  const { t } = useTranslation();
  const s = useStyles();
  return (
    <div data-testid="wf-summary" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Text weight="semibold">{t('wf.summary.title')}</Text>
      <div className={s.figures}>
        {summary.fields.map((f) => (
          <div key={f.key} className={s.figure} data-testid={`wf-summary-${f.key}`}>
            <Text size={200} style={{ color: tokens.colorNeutralForeground3 }}>{f.label}</Text>
            <Text weight="semibold">{f.text || '-'}</Text>
          </div>
        ))}
      </div>
      {summary.lines && (
        <>
          <Text weight="semibold">{t('wf.summary.lines', { n: summary.lines.rows.length })}</Text>
          <table className={s.table} data-testid="wf-summary-lines">
            <thead>
              <tr>{summary.lines.columns.map((c) => <th key={c.key} className={s.th}>{c.label}</th>)}</tr>
            </thead>
            <tbody>
              {summary.lines.rows.map((r, i) => (
                <tr key={i} data-testid="wf-summary-line">
                  {summary.lines!.columns.map((c) => <td key={c.key} className={NUMERIC.has(c.key) ? s.num : s.td}>{r[c.key]}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

/**
 * My approvals (issue 14): the tasks waiting for the caller (state 10) and those decided (30), from
 * the process bus; a selected one shows its document's flow diagram and history, and the decisions
 * the server allows now.
 */
export function MyApprovalsPage() {
  const { t } = useTranslation();
  const s = useStyles();
  const navigate = useNavigate();
  const [status, setStatus] = useState<10 | 30>(10);
  const [rows, setRows] = useState<MyTask[] | null>(null);
  const [selected, setSelected] = useState<MyTask | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setRows(null);
    approvalApi.myTasks(status).then((r) => live && setRows(r.rows), () => live && setRows([]));
    return () => {
      live = false;
    };
  }, [status, tick]);
  const { flow, reload } = useFlow(selected?.entity ?? '', selected?.record_id ?? null, tick);
  const done = useCallback(() => {
    setTick((x) => x + 1);
    reload();
  }, [reload]);
  return (
    <div className={s.page} data-testid="wf-todo">
      <div className={s.list}>
        <TabList selectedValue={String(status)} onTabSelect={(_, d) => { setSelected(null); setStatus(Number(d.value) as 10 | 30); }}>
          <Tab value="10" data-testid="wf-tab-open">{t('wf.todo.open')}</Tab>
          <Tab value="30" data-testid="wf-tab-done">{t('wf.todo.done')}</Tab>
        </TabList>
        {!rows && <Spinner />}
        {rows && !rows.length && <Text data-testid="wf-todo-empty" style={{ display: 'block', padding: 16 }}>{status === 10 ? t('wf.todo.empty') : t('wf.todo.emptyDone')}</Text>}
        {rows && rows.length > 0 && (
          <table className={s.table}>
            <thead>
              <tr>
                <th className={s.th}>{t('wf.col.doc')}</th>
                <th className={s.th}>{t('wf.col.kind')}</th>
                <th className={s.th}>{t('wf.col.process')}</th>
                <th className={s.th}>{t('wf.col.node')}</th>
                <th className={s.th}>{t('wf.col.initiator')}</th>
                <th className={s.th}>{status === 10 ? t('wf.col.at') : t('wf.col.decision')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.task_id} className={`${s.row} ${selected?.task_id === r.task_id ? s.selected : ''}`} onClick={() => setSelected(r)} data-testid="wf-todo-row" data-doc={r.doc_no}>
                  <td className={s.td}>{r.doc_no}</td>
                  <td className={s.td}>{r.entity_label}</td>
                  <td className={s.td}>{r.process_name}</td>
                  <td className={s.td}>{r.node_name}</td>
                  <td className={s.td}>{r.initiator_name}</td>
                  <td className={s.td}>{status === 10 ? when(r.created_at) : `${r.decision ? t(`wf.h.${r.decision}`) : ''} ${when(r.decided_at)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <div className={s.side} data-testid="wf-side">
        {!selected && <Text>{t('wf.panel.select')}</Text>}
        {selected && !flow && <Spinner />}
        {selected && flow && (
          <>
            <Text weight="semibold" size={400}>{`${selected.entity_label} ${selected.doc_no}`}</Text>
            <div className={s.buttons}>
              <DecisionButtons flow={flow} onDone={done} />
              <Button appearance="subtle" data-testid="wf-open-doc" onClick={() => navigate(`/page/view/${selected.entity}?id=${selected.record_id}`)}>{selected.doc_no}</Button>
            </div>
            {selected.summary && <TaskSummary summary={selected.summary} />}
            <FlowPanel flow={flow} />
          </>
        )}
      </div>
    </div>
  );
}
