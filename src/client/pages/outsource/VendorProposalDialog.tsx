import { Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { outsourceCalls, type VendorProposal } from '../../../model/calls/outsource';
import { useCall } from '../../api/calls';
import type { EntityApi, Row } from '../../api/entity-api';
import { toast } from '../../kernel/toast-bus';
import './outsource-messages';
import { groupedNumber } from '../../../model/number-text';

const useStyles = makeStyles({
  table: {
    borderCollapse: 'collapse', width: '100%', fontSize: '13px',
    '& td, & th': { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: '6px 8px', verticalAlign: 'top', textAlign: 'left' },
    '& th': { backgroundColor: tokens.colorNeutralBackground3, whiteSpace: 'nowrap' },
  },
  num: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  reasons: { margin: 0, paddingLeft: '16px', lineHeight: '18px' },
  short: { color: tokens.colorPaletteRedForeground1 },
});

/** States in which the order's vendor may still be chosen (the form edits them). */
const ASSIGNABLE = new Set(['draft', 'rejected']);

/** The proposals of an order and the choice of one (the ordinary save: the writer's rules, the order's version). */
function useVendorProposals(api: EntityApi, order: Row, onDone: () => void) {
  const { t } = useTranslation();
  const { data, error, isLoading } = useCall(outsourceCalls.proposals, { id: Number(order.id) });
  const [busy, setBusy] = useState(false);
  const choose = async (p: VendorProposal) => {
    setBusy(true);
    try {
      await api.save({ id: order.id, version: order.version, vendor_id: p.vendor_id });
      toast.success(t('os.proposal.assigned', { vendor: p.name, no: String(order.os_no ?? '') }));
      onDone();
    } catch {
      // The API's error reaction has shown why (a stale version, a rule).
    } finally {
      setBusy(false);
    }
  };
  return { data, error, isLoading, busy, choose, assignable: ASSIGNABLE.has(String(order.status)) };
}

const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);
const num = (v: number | null) => (v === null ? '—' : groupedNumber(v, 3));

type RowProps = { p: VendorProposal; assignable: boolean; busy: boolean; onChoose: (p: VendorProposal) => void };

function ProposalRow({ p, assignable, busy, onChoose }: RowProps) {
  const { t } = useTranslation();
  const s = useStyles();
  return (
    <tr data-testid={`proposal-row-${p.code}`}>
      <td className={s.num}>{p.rank}</td>
      <td>
        {p.code} {p.name} {p.current && <Badge appearance="tint" color="brand">{t('os.proposal.currentBadge')}</Badge>}
      </td>
      <td className={s.num}>{num(p.capacity)}</td>
      <td className={s.num}>{num(p.load)}</td>
      <td className={`${s.num} ${p.fits === false ? s.short : ''}`}>{num(p.free)}</td>
      <td className={s.num} data-testid="proposal-score">{p.score === null ? '—' : p.score}</td>
      <td className={s.num}>{pct(p.on_time_rate)}</td>
      <td className={s.num}>{pct(p.pass_rate)}</td>
      <td>
        <ul className={s.reasons}>
          {p.reasons.map((r, i) => <li key={i}>{t(r.key, r.params)}</li>)}
        </ul>
      </td>
      <td>
        {assignable && !p.current && (
          <Button size="small" appearance={p.rank === 1 ? 'primary' : 'secondary'} disabled={busy} onClick={() => onChoose(p)} data-testid={`proposal-choose-${p.code}`}>
            {t('os.proposal.choose')}
          </Button>
        )}
      </td>
    </tr>
  );
}

function ProposalTable({ rows, ...rowProps }: { rows: VendorProposal[] } & Omit<RowProps, 'p'>) {
  const { t } = useTranslation();
  const s = useStyles();
  const numeric = ['capacity', 'load', 'free', 'score', 'onTime', 'quality'];
  return (
    <table className={s.table} data-testid="proposal-table">
      <thead>
        <tr>
          <th>#</th>
          <th>{t('os.proposal.col.vendor')}</th>
          {numeric.map((c) => <th key={c} className={s.num}>{t(`os.proposal.col.${c}`)}</th>)}
          <th>{t('os.proposal.col.reason')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((p) => <ProposalRow key={p.vendor_id} p={p} {...rowProps} />)}
      </tbody>
    </table>
  );
}

/**
 * The vendors proposed for an outsourced order (issue 35): ranked by free capacity in the order's
 * window and KPI score, each with its reasons; on a draft or rejected order, 选用 puts that vendor on
 * the order through the ordinary save (the writer: its rules, the order's version).
 */
export function VendorProposalDialog({ api, order, onClose, onDone }: { api: EntityApi; order: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { data, error, isLoading, busy, choose, assignable } = useVendorProposals(api, order, onDone);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 1180, width: '92vw' }} data-testid="proposal-dialog">
        <DialogBody>
          <DialogTitle>{t('os.proposal.title', { no: String(order.os_no ?? '') })}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
            {isLoading && <Spinner />}
            {error && <MessageBar intent="error"><MessageBarBody>{t('os.proposal.failed')}</MessageBarBody></MessageBar>}
            {data && (
              <>
                <span data-testid="proposal-window">{t('os.proposal.window', { process: data.order.process, qty: data.order.qty, from: data.order.from, to: data.order.to, kfrom: data.kpi_period.from, kto: data.kpi_period.to })}</span>
                {!assignable && <MessageBar intent="info"><MessageBarBody>{t('os.proposal.readOnly')}</MessageBarBody></MessageBar>}
                {!data.rows.length ? (
                  <MessageBar intent="warning" data-testid="proposal-empty"><MessageBarBody>{t('os.proposal.none')}</MessageBarBody></MessageBar>
                ) : (
                  <ProposalTable rows={data.rows} assignable={assignable} busy={busy} onChoose={(p) => void choose(p)} />
                )}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('os.proposal.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
