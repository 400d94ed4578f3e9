import { Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Select, Spinner, Text, Textarea } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../model/entities/process-def.entity';
import { adminCalls, type Colleague } from '../../../model/calls/admin';
import { ApiError } from '../../api/client';
import { callApi, useCall } from '../../api/calls';
import { formatDateTime } from '../../grid/cell-text';
import { toast } from '../../kernel/toast-bus';
import { processBusCalls } from '../../../model/calls/approvals';
import { approvalApi, type FlowAction, type FlowView, type NodeActions } from './approval-api';
import './approval-messages';
import { FlowDiagram } from './FlowDiagram';
import { approvalColor, useDictWord, useReadAgain } from './use-process-bus';

/** Reads a record's flow (cpm-view; one read shared by the drawer's parts), again when `revision` moves and on `reload`. */
export function useFlow(entity: string, id: number | null, revision?: unknown): { flow: FlowView | null; reload: () => void } {
  const { data, mutate } = useCall(processBusCalls.view, id === null ? null : { entity, id }, { quiet: true });
  useReadAgain(revision, id === null ? null : mutate);
  return { flow: data ?? null, reload: useCallback(() => void mutate(), [mutate]) };
}

/** The company's active users matching a search (the people picker's source, `adminapi/users/options`). */
function useColleagues(open: boolean, q: string): Colleague[] {
  const [rows, setRows] = useState<Colleague[]>([]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    const timer = setTimeout(() => {
      callApi(adminCalls.userOptions, { q, size: 50 }).then((r) => live && setRows(r.rows), () => live && setRows([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [open, q]);
  return rows;
}

/**
 * The decision buttons the server offers the caller on a record's flow (cpm-node-actions): submit,
 * approve (named by the node's launch text), reject, the returns. A decision asks for a comment
 * (required for a rejection or a return) and then calls the bus.
 */
export function DecisionButtons(props: { flow: NodeActions; onDone: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<FlowAction | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Insert a user into the node (spec 7 cpm-process/insert-user-into-node): a colleague picked by name or account.
  const inserting = open?.action === 'insert_user';
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState('');
  const colleagues = useColleagues(inserting, search);
  const needsComment = open && open.action !== 'approve' && open.action !== 'submit' && open.action !== 'insert_user';
  const run = async () => {
    if (!open) return;
    if (needsComment && !comment.trim()) {
      setError(t('wf.commentRequired'));
      return;
    }
    if (inserting && !picked) {
      setError(t('wf.pickUser'));
      return;
    }
    setBusy(true);
    try {
      if (open.action === 'submit') await approvalApi.submit(props.flow.entity, props.flow.record_id, comment);
      else if (open.action === 'insert_user') await approvalApi.insertUser(props.flow.task_id!, Number(picked), comment);
      else await approvalApi.decide(props.flow.task_id!, open.action, comment);
      toast.success(t('wf.done'));
      setOpen(null);
      setComment('');
      props.onDone();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };
  const buttons = props.flow.actions;
  return (
    <>
      {buttons.map((a) => (
        <Button key={a.action} appearance={a.action === 'approve' || a.action === 'submit' ? 'primary' : 'secondary'} data-testid={`wf-action-${a.action}`} onClick={() => { setError(null); setPicked(''); setSearch(''); setOpen(a); }}>
          {a.text || t(a.label_key)}
        </Button>
      ))}
      <Dialog open={open !== null} onOpenChange={(_, d) => !d.open && setOpen(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{open ? open.text || t(open.label_key) : ''}{props.flow.doc_no ? ` · ${props.flow.doc_no}` : ''}</DialogTitle>
            <DialogContent>
              {inserting && (
                <>
                  <Field label={t('wf.searchUser')}>
                    <Input value={search} onChange={(_, d) => setSearch(d.value)} data-testid="wf-insert-search" />
                  </Field>
                  <Field label={t('wf.insertUserId')} required validationMessage={error && !picked ? error : undefined} style={{ marginBottom: 8 }}>
                    <Select value={picked} onChange={(_, d) => setPicked(d.value)} data-testid="wf-insert-user">
                      <option value="">—</option>
                      {colleagues.map((c) => (
                        <option key={c.id} value={String(c.id)}>{`${c.fullname ?? c.username}（${c.username}）`}</option>
                      ))}
                    </Select>
                  </Field>
                </>
              )}
              <Field label={t('wf.comment')} required={Boolean(needsComment)} validationMessage={!inserting || picked ? (error ?? undefined) : undefined}>
                <Textarea value={comment} onChange={(_, d) => setComment(d.value)} data-testid="wf-comment" resize="vertical" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" disabled={busy} onClick={() => void run()} data-testid="wf-confirm">{busy ? <Spinner size="tiny" /> : t('wf.confirm')}</Button>
              <Button onClick={() => setOpen(null)}>{t('wf.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}

/** Where a flow stands, its diagram and the history of every step (who, when, comment). */
export function FlowPanel(props: { flow: FlowView }) {
  const { t } = useTranslation();
  const word = useDictWord();
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
      <table data-testid="wf-history" style={{ borderCollapse: 'collapse', width: '100%', fontSize: 13 }}>
        <tbody>
          {f.history.map((h) => (
            <tr key={h.id} style={{ borderBottom: '1px solid #edebe9' }}>
              <td style={{ padding: '4px 6px', whiteSpace: 'nowrap' }}>{formatDateTime(h.created_at)}</td>
              <td style={{ padding: '4px 6px' }}>{h.node_name ?? ''}</td>
              <td style={{ padding: '4px 6px' }}>{h.user_name}</td>
              <td style={{ padding: '4px 6px' }}>{word('wf_step', h.action)}</td>
              <td style={{ padding: '4px 6px' }}>{h.comment ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
