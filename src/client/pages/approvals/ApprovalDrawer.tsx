import { Badge, Divider, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { APPROVAL_APPROVER_FIELD, APPROVAL_STATUS_FIELD } from '../../../model/entity';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import { processBusCalls } from '../../../model/calls/approvals';
import { flowDefinition } from '../../../model/approval-flow';
import { useCall } from '../../api/calls';
import type { NodeActions } from './approval-api';
import { DecisionButtons, FlowPanel, useFlow } from './ApprovalPanel';
import { FlowDiagram } from './FlowDiagram';
import { approvalColor, useDictWord, useReadAgain, useRecordProcess } from './use-process-bus';

/**
 * What the caller may do now on a record's flow (spec 7 cpm-node-actions: the buttons need neither
 * the definition nor the history the body reads), read again when the record's version moves.
 */
function useNodeActions(entity: string, id: number | null, revision: unknown): NodeActions | null {
  const { data, mutate } = useCall(processBusCalls.nodeActions, id === null ? null : { entity, id }, { quiet: true });
  useReadAgain(revision, id === null ? null : mutate);
  return data ?? null;
}

/** The approval buttons in the drawer of a document approved through a flow (submit, approve, reject, return). */
export function ApprovalDrawerFooter({ rf, resolved }: DrawerExtensionProps) {
  const actions = useNodeActions(resolved.entity.name, rf.id, rf.record?.version);
  if (!actions) return null;
  return <DecisionButtons flow={actions} onDone={rf.reload} />;
}

/** The document's approval state and who must decide now (issue 29), as its list shows them. */
export function ApprovalState({ record }: { record: Record<string, unknown> | null }) {
  const { t } = useTranslation();
  const word = useDictWord();
  const state = record?.[APPROVAL_STATUS_FIELD];
  if (typeof state !== 'string' || !state) return null;
  const names = record?.[APPROVAL_APPROVER_FIELD];
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 8 }} data-testid="wf-record-state" data-state={state}>
      <Badge appearance="tint" color={approvalColor(state)}>{t('wf.drawer.state', { state: word('approval_status', state) })}</Badge>
      {typeof names === 'string' && names ? <Text data-testid="wf-record-approver">{t('wf.drawer.approver', { names })}</Text> : null}
    </div>
  );
}

/**
 * Which process applies to the record (spec 7 pid-from-ui): its name and where the record stands in
 * it (not submitted, in approval, approved, rejected). Nothing while the company has not enabled the
 * process and the record has no flow (nothing to submit into: the server offers no submission then).
 */
export function ProcessLine({ entity, id, revision }: { entity: string; id: number; revision: unknown }) {
  const { t } = useTranslation();
  const word = useDictWord();
  const { process } = useRecordProcess(entity, id, revision);
  if (!process || (!process.enabled && !process.pid)) return null;
  const status = process.status ? word('wf_flow_status', process.status) : t('wf.process.notSubmitted');
  return (
    <div style={{ marginTop: 16 }}>
      <Divider style={{ marginBottom: 8 }} />
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }} data-testid="wf-process" data-status={process.status ?? 'none'}>
        <Text weight="semibold">{t('wf.process.line', { name: process.process_name ?? process.process_code })}</Text>
        <Badge appearance="outline" color={approvalColor(process.status)}>{status}</Badge>
        {process.required ? <Badge appearance="tint" color="important">{t('wf.process.required')}</Badge> : null}
      </div>
    </div>
  );
}

/**
 * Under the form: before any flow, which process applies (pid-from-ui); once the record has a flow,
 * its approval state and current approver, where the flow stands and its history (cpm-view).
 */
export function ApprovalDrawerBody({ rf, resolved }: DrawerExtensionProps) {
  const { flow } = useFlow(resolved.entity.name, rf.id, rf.record?.version);
  if (rf.id === null) return null;
  if (!flow?.pid) return <ProcessLine entity={resolved.entity.name} id={rf.id} revision={rf.record?.version} />;
  return (
    <div style={{ marginTop: 16 }}>
      <Divider style={{ marginBottom: 8 }} />
      <ApprovalState record={rf.record} />
      <FlowPanel flow={flow} />
    </div>
  );
}

/** Under a process definition's form: its flow diagram, drawn from the stored nodes and steps. */
export function ProcessDefDiagram({ rf }: DrawerExtensionProps) {
  // The server's snapshot of a flow read from the stored rows (each as its entity declares it: numbers as numbers, an empty flag as its default).
  const def = flowDefinition((rf.record?.nodes ?? []) as Array<Record<string, unknown>>, (rf.record?.steps ?? []) as Array<Record<string, unknown>>);
  if (!def.nodes.length) return null;
  return (
    <div style={{ marginTop: 16 }}>
      <Divider style={{ marginBottom: 8 }} />
      <FlowDiagram nodes={def.nodes} steps={def.steps} height={180} />
    </div>
  );
}
