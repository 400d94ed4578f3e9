import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TransitionDef } from '../../../model/entity';
import '../../../model/entities/process-def.entity';
import { flowDecisions, flowHistoryStep } from '../../../model/entities/approval-task.entity';
import { resolveColumns } from '../../../model/page-resolve';
import { useCall } from '../../api/calls';
import { TransitionDialog } from '../../form/dialogs';
import { runTransitionCall } from '../../form/transition-call';
import { ColumnTable } from '../../grid/ColumnTable';
import { processBusCalls } from '../../../model/calls/approvals';
import { runDecision, type FlowAction, type FlowView, type NodeActions } from './approval-api';
import './approval-messages';
import { FlowDiagram } from './FlowDiagram';
import { approvalColor, useDictWord, useReadAgain } from './use-process-bus';

/** A flow's history as its declared columns (when, node, who, step, comment). */
const HISTORY_COLUMNS = resolveColumns(flowHistoryStep, flowHistoryStep.fields.map((f) => f.key));

const useStyles = makeStyles({
  history: { borderCollapse: 'collapse', width: '100%', fontSize: tokens.fontSizeBase300, '& th, & td': { padding: '4px 6px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` }, '& th': { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' }, '& td:first-child': { whiteSpace: 'nowrap' } },
});

/** Reads a record's flow (cpm-view; one read shared by the drawer's parts), again when `revision` moves and on `reload`. */
export function useFlow(entity: string, id: number | null, revision?: unknown): { flow: FlowView | null; reload: () => void } {
  const { data, mutate } = useCall(processBusCalls.view, id === null ? null : { entity, id }, { quiet: true });
  useReadAgain(revision, id === null ? null : mutate);
  return { flow: data ?? null, reload: useCallback(() => void mutate(), [mutate]) };
}

/**
 * The decision buttons the server offers the caller on a record's flow (cpm-node-actions): submit,
 * approve (named by the node's launch text), reject, the returns, 加签. Each asks its declared
 * parameters (`flowDecisions`: a comment, required of a rejection or a return; the colleague added)
 * in the engine's transition dialog, titled as its button and the document, then calls the bus.
 */
export function DecisionButtons(props: { flow: NodeActions; onDone: () => void }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<TransitionDef | null>(null);
  const f = props.flow;
  const ask = (a: FlowAction) => {
    const title = `${a.text || t(a.label_key)}${f.doc_no ? ` · ${f.doc_no}` : ''}`;
    setAsking({ ...(flowDecisions[a.action] ?? flowDecisions.approve), action: a.action, label: { zh: title, en: title } });
  };
  const run = (tr: TransitionDef, params: Record<string, unknown>) => runTransitionCall(tr, () => runDecision(f, tr.action, params), () => setAsking(null), t('wf.done'), props.onDone);
  return (
    <>
      {f.actions.map((a) => (
        <Button key={a.action} appearance={a.action === 'approve' || a.action === 'submit' ? 'primary' : 'secondary'} data-testid={`wf-action-${a.action}`} onClick={() => ask(a)}>
          {a.text || t(a.label_key)}
        </Button>
      ))}
      {asking && <TransitionDialog transition={asking} count={1} record={{ doc_no: f.doc_no }} onRun={(p) => run(asking, p)} onCancel={() => setAsking(null)} />}
    </>
  );
}

/** Where a flow stands, its diagram and the history of every step (who, when, comment). */
export function FlowPanel(props: { flow: FlowView }) {
  const { t, i18n } = useTranslation();
  const word = useDictWord();
  const s = useStyles();
  const f = props.flow;
  if (!f.pid) return <Text data-testid="wf-none">{t('wf.panel.none')}</Text>;
  return (
    <div data-testid="wf-panel" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div>
        <Text weight="semibold">{f.process_name}</Text>{' '}
        <Badge appearance="tint" color={approvalColor(f.status)} data-testid="wf-status">{word('wf_flow_status', f.status)}</Badge>
      </div>
      <FlowDiagram nodes={f.definition.nodes} steps={f.definition.steps} current={f.status === 'running' ? f.node_seq : null} finished={f.status === 'approved' || f.status === 'rejected' ? f.status : null} />
      <Text weight="semibold">{t('wf.panel.history')}</Text>
      <ColumnTable className={s.history} columns={HISTORY_COLUMNS} items={f.history} language={i18n.language === 'en' ? 'en' : 'zh-CN'} keyOf={(h) => String(h.id)} testId="wf-history" />
    </div>
  );
}
