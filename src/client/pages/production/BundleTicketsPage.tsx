import { Button, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, PrintRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { productionCalls } from '../../../model/calls/production';
import { useCall } from '../../api/calls';
import { code128Bars, encodableCode128 } from './code128';
import './production-messages';

const useStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '12px', '@media print': { padding: 0 } },
  bar: { display: 'flex', gap: '8px', alignItems: 'center', '@media print': { display: 'none' } },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(330px, 1fr))', gap: '10px', '@media print': { gridTemplateColumns: 'repeat(2, 1fr)', gap: '4mm' } },
  ticket: { border: `1px dashed ${tokens.colorNeutralStroke1}`, padding: '10px 12px', breakInside: 'avoid', backgroundColor: '#fff', color: '#000' },
  no: { fontFamily: 'monospace', fontSize: '16px', fontWeight: 700, letterSpacing: '1px', textAlign: 'center' },
  meta: { fontSize: '13px', lineHeight: '20px' },
  route: { fontSize: '12px', color: '#333' },
});

/** A bundle's barcode as SVG bars from our Code 128 encoder; the number printed under it in any case. */
function Barcode({ text }: { text: string }) {
  if (!encodableCode128(text)) return null;
  const { bars, modules } = code128Bars(text);
  const m = 2;
  return (
    <svg width={modules * m} height={56} viewBox={`0 0 ${modules * m} 56`} role="img" aria-label={text} data-testid="ticket-barcode" style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }}>
      <rect width="100%" height="100%" fill="#fff" />
      <g fill="#000">{bars.map((b, i) => <rect key={i} x={b.x * m} y={0} width={b.w * m} height={56} />)}</g>
    </svg>
  );
}

/** The bundle ticket sheet of a plan (`?plan=<id>`): one ticket per bundle, printable (the toolbar hides in print). */
export function BundleTicketsPage() {
  const { t } = useTranslation();
  const s = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const planId = params.get('plan');
  const sheet = useCall(productionCalls.tickets, planId ? { plan_id: Number(planId) } : null, { revalidateOnFocus: false }).data ?? null;
  const total = sheet?.bundles.reduce((a, b) => a + b.qty, 0) ?? 0;
  return (
    <div className={s.page} data-testid="ticket-sheet">
      <div className={s.bar}>
        <Button icon={<ArrowLeftRegular />} onClick={() => navigate('/scm/index/workorder')}>{t('wo.tickets.back')}</Button>
        <Button appearance="primary" icon={<PrintRegular />} onClick={() => window.print()} data-testid="ticket-print">{t('wo.tickets.print')}</Button>
      </div>
      <Title2 as="h1">{t('wo.tickets.title', { plan: sheet?.plan_no ?? '' })}</Title2>
      {sheet && <div className={s.meta}>{t('wo.tickets.count', { n: sheet.bundles.length, qty: total })}</div>}
      {sheet && !sheet.bundles.length && <p role="alert">{t('wo.tickets.none')}</p>}
      <div className={s.grid}>
        {sheet?.bundles.map((b) => (
          <div key={b.id} className={s.ticket} data-testid="ticket">
            <Barcode text={b.bundle_no} />
            <div className={s.no}>{b.bundle_no}</div>
            <div className={s.meta}>
              {sheet.order_no ? `${t('wo.tickets.order')} ${sheet.order_no} · ` : ''}
              {`${t('wo.tickets.style')} ${b.style_no ?? sheet.style_no ?? ''}`}
            </div>
            <div className={s.meta}>{`${t('wo.tickets.colourSize')} ${b.colour} / ${b.size} · ${t('wo.tickets.qty')} ${b.qty} · #${b.seq}`}</div>
            <div className={s.route}>{`${t('wo.tickets.routing')}：${sheet.routing.join(' → ')}`}</div>
          </div>
        ))}
      </div>
    </div>
  );
}
