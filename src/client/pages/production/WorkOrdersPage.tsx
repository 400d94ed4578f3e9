import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, ToolbarButton } from '@fluentui/react-components';
import { BoxMultipleRegular, CheckmarkCircleRegular, DataBarHorizontalRegular, PlayRegular, PrintRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { TransitionDef } from '../../../model/entity';
import type { ResolvedPage } from '../../../model/page-resolve';
import { productionCalls } from '../../../model/calls/production';
import { ApiError } from '../../api/client';
import { callApi } from '../../api/calls';
import { ListPage, type ListSlots } from '../../engine/ListPage';
import { resolvedPageOf } from '../../api/resolved-page';
import type { ListController } from '../../engine/use-list-controller';
import { ConfirmDialog, TransitionDialog } from '../../form/dialogs';
import { toast } from '../../kernel/toast-bus';
import './production-messages';
import { WorkOrderProgressDialog } from './WorkOrderProgressDialog';

type Row = Record<string, unknown>;
export const TICKETS_PATH = '/zp/prodmgm/page/bundletickets';

/** The report's outcome: done, a field refusal to show under the quantity, or the short quantity to confirm. */
type ReportOutcome = { ok: true } | { ok: false; field?: string; confirm?: string };

/** Sends a finished-quantity report; the server asks before finishing short (409 with `needsConfirm`). */
export async function sendReport(id: number, version: number, qty: string, confirmShort: boolean): Promise<ReportOutcome> {
  try {
    await callApi(productionCalls.report, { ids: [id], version, report_qty: qty, confirm_short: confirmShort }, { quiet: true });
    return { ok: true };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const data = (e.data ?? {}) as { needsConfirm?: boolean };
    if (data.needsConfirm) return { ok: false, confirm: e.message };
    const field = e.errors?.report_qty;
    if (field) return { ok: false, field: Array.isArray(field) ? field.join('；') : field };
    toast.error(e.message);
    return { ok: false };
  }
}

/** 完工汇报: the quantity, checked on the server; short of the ordered quantity asks to confirm first. */
function ReportDialog({ row, onClose, onDone }: { row: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [qty, setQty] = useState(String(row.done_qty ?? '') === '0' ? '' : String(row.done_qty ?? ''));
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (confirmShort: boolean) => {
    setBusy(true);
    const r = await sendReport(Number(row.id), Number(row.version), qty.trim(), confirmShort).finally(() => setBusy(false));
    if (r.ok) {
      toast.success(t('wo.ui.report.done'));
      onDone();
    } else if (r.confirm) setConfirm(r.confirm);
    else setError(r.field ?? null);
  };
  return (
    <>
      <Dialog open={!confirm} onOpenChange={(_, d) => !d.open && onClose()}>
        <DialogSurface data-testid="report-dialog">
          <form onSubmit={(e) => { e.preventDefault(); void submit(false); }}>
            <DialogBody>
              <DialogTitle>{t('wo.ui.report.title', { no: String(row.wo_no ?? '') })}</DialogTitle>
              <DialogContent>
                <p>{t('wo.ui.report.explain', { qty: row.qty ?? 0, done: row.done_qty ?? 0 })}</p>
                <Field label={t('wo.ui.report.qty')} validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
                  <Input autoFocus type="number" value={qty} onChange={(_, d) => { setQty(d.value); setError(null); }} data-testid="report-qty" />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose}>{t('wo.ui.cancel')}</Button>
                <Button appearance="primary" type="submit" disabled={busy} data-testid="report-ok">{t('wo.ui.report.ok')}</Button>
              </DialogActions>
            </DialogBody>
          </form>
        </DialogSurface>
      </Dialog>
      <ConfirmDialog open={Boolean(confirm)} text={confirm ?? ''} onCancel={() => setConfirm(null)} onConfirm={() => { setConfirm(null); void submit(true); }} />
    </>
  );
}

/** 分扎: the bundle size, then the bundles are cut and the ticket sheet opens. */
function BundleDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [size, setSize] = useState('50');
  const [error, setError] = useState<string | null>(null);
  const plan = String(row.plan_id__label ?? row.plan_id ?? '');
  const cut = async () => {
    try {
      const r = await callApi(productionCalls.bundles, { plan_id: Number(row.plan_id), bundle_size: size.trim() }, { quiet: true });
      toast.success(t('wo.ui.bundles.made', { n: r.bundles }));
      navigate(`${TICKETS_PATH}?plan=${String(row.plan_id)}`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setError(e.message);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="bundle-dialog">
        <form onSubmit={(e) => { e.preventDefault(); void cut(); }}>
          <DialogBody>
            <DialogTitle>{t('wo.ui.bundles.title', { plan })}</DialogTitle>
            <DialogContent>
              <p>{t('wo.ui.bundles.explain')}</p>
              <Field label={t('wo.ui.bundles.size')} validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
                <Input autoFocus type="number" value={size} onChange={(_, d) => { setSize(d.value); setError(null); }} data-testid="bundle-size" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose}>{t('wo.ui.cancel')}</Button>
              <Button appearance="primary" type="submit" data-testid="bundle-ok">{t('wo.ui.bundles.ok')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** The toolbar: release (the declared confirmation), the report dialog, progress per colour x size with its partial report, bundles and their tickets. */
function WorkOrderActions({ list }: { list: ListController }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const navigate = useNavigate();
  const { resolved, selected } = list;
  const release = resolved.transitions.find((x) => x.action === 'release') as TransitionDef | undefined;
  const report = resolved.transitions.find((x) => x.action === 'report') as TransitionDef | undefined;
  const [releasing, setReleasing] = useState(false);
  const [reportFor, setReportFor] = useState<Row | null>(null);
  const [bundleFor, setBundleFor] = useState<Row | null>(null);
  const [progressFor, setProgressFor] = useState<Row | null>(null);
  const single = (run: (row: Row) => void) => list.withSelection((rows) => (rows.length !== 1 ? toast.warning(t('wo.ui.selectOne')) : run(rows[0])));
  const done = () => {
    setReportFor(null);
    list.refresh();
  };
  const runRelease = async () => {
    try {
      await list.api.action('release', selected.map((r) => Number(r.id)), {}, selected.length === 1 ? Number(selected[0].version) : null);
      toast.success(t('engine.actionDone'));
      list.refresh();
    } finally {
      setReleasing(false);
    }
  };
  return (
    <>
      {release && (
        <ToolbarButton icon={<PlayRegular />} onClick={() => list.withSelection(() => setReleasing(true))} data-testid="action-release">
          {en ? release.label.en : release.label.zh}
        </ToolbarButton>
      )}
      {report && (
        <ToolbarButton
          icon={<CheckmarkCircleRegular />}
          onClick={() => single((row) => (row.status !== 'released' ? toast.warning(t('wo.ui.onlyReleased')) : setReportFor(row)))}
          data-testid="action-report"
        >
          {en ? report.label.en : report.label.zh}
        </ToolbarButton>
      )}
      <ToolbarButton icon={<DataBarHorizontalRegular />} onClick={() => single(setProgressFor)} data-testid="action-progress">{t('wo.ui.progress')}</ToolbarButton>
      <ToolbarButton icon={<BoxMultipleRegular />} onClick={() => single(setBundleFor)} data-testid="action-bundles">{t('wo.ui.bundles')}</ToolbarButton>
      <ToolbarButton icon={<PrintRegular />} onClick={() => single((row) => navigate(`${TICKETS_PATH}?plan=${String(row.plan_id)}`))} data-testid="action-tickets">{t('wo.ui.tickets')}</ToolbarButton>
      {releasing && release && <TransitionDialog transition={release} count={selected.length} onRun={() => runRelease()} onCancel={() => setReleasing(false)} />}
      {reportFor && <ReportDialog row={reportFor} onClose={() => setReportFor(null)} onDone={done} />}
      {bundleFor && <BundleDialog row={bundleFor} onClose={() => setBundleFor(null)} />}
      {progressFor && <WorkOrderProgressDialog id={Number(progressFor.id)} onClose={() => setProgressFor(null)} onDone={() => { setProgressFor(null); list.refresh(); }} />}
    </>
  );
}

/** Work orders (issue 12): the generic list of grids/production with the shop floor's dialogs. */
export function WorkOrdersPage() {
  const resolved = resolvedPageOf('workorder') as ResolvedPage;
  const slots = useMemo<ListSlots>(() => ({ actions: (list) => <WorkOrderActions list={list} /> }), []);
  return <ListPage key="workorder" resolved={resolved} slots={slots} />;
}
