import { makeStyles, tokens } from '@fluentui/react-components';

export const useStatementStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '16px 24px', maxWidth: '1500px' },
  toolbar: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  head: { display: 'flex', gap: '12px', alignItems: 'center', flexWrap: 'wrap' },
  parties: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '8px 24px', padding: '12px 16px', borderRadius: '6px', backgroundColor: tokens.colorNeutralBackground2 },
  label: { color: tokens.colorNeutralForeground3, fontSize: '12px' },
  value: { fontWeight: 600 },
  totals: { display: 'grid', gridTemplateColumns: 'repeat(6, minmax(140px, 1fr))', gap: '8px' },
  total: { padding: '8px 12px', borderRadius: '6px', border: `1px solid ${tokens.colorNeutralStroke2}` },
  totalValue: { fontSize: '18px', fontWeight: 700, fontVariantNumeric: 'tabular-nums' },
  bad: { color: '#c50f1f' },
  confirms: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px' },
  confirm: { padding: '12px 16px', borderRadius: '6px', border: `1px solid ${tokens.colorNeutralStroke1}`, display: 'flex', flexDirection: 'column', gap: '8px' },
  confirmDone: { borderTopColor: '#107c10', borderRightColor: '#107c10', borderBottomColor: '#107c10', borderLeftColor: '#107c10', backgroundColor: '#f1faf1' },
  tableWrap: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse', width: '100%', fontSize: '13px',
    '& td, & th': { border: `1px solid ${tokens.colorNeutralStroke2}`, padding: '4px 8px', whiteSpace: 'nowrap' },
    '& th': { backgroundColor: tokens.colorNeutralBackground3, textAlign: 'left' },
  },
  num: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  rowOpen: { backgroundColor: '#fde7e9' },
  rowExplained: { backgroundColor: '#fff4ce' },
  rowAdjust: { backgroundColor: '#ebf3fc' },
  note: { whiteSpace: 'normal', minWidth: '200px' },
  sign: { display: 'none' },
});

/**
 * Printing (issue 18 "printable document"): only the statement prints, without the shell; the
 * signature lines show on paper only. A style element of the page, so it exists only while the page does.
 */
export const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-print-area], [data-print-area] * { visibility: visible !important; }
  [data-print-area] { position: absolute; left: 0; top: 0; width: 100%; padding: 0 !important; }
  [data-print-area] .fin-no-print { display: none !important; }
  [data-print-area] .fin-print-only { display: flex !important; }
  [data-print-area] table { font-size: 10px; }
  [data-print-area] tr { break-inside: avoid; }
  @page { size: A4 landscape; margin: 12mm; }
}`;

export const money = (v: unknown) => (v === null || v === undefined || v === '' ? '' : Number(v).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
export const qty = (v: unknown) => (v === null || v === undefined || v === '' ? '' : Number(v).toLocaleString('en-US', { maximumFractionDigits: 4 }));
/** A side's quantity and amount; an adjustment has an amount only, a side without the record a dash. */
export const figures = (q: number | null, amount: number | null) => {
  if (amount === null) return '—';
  return q === null ? money(amount) : `${qty(q)} / ${money(amount)}`;
};
export const at = (v: unknown) => (v ? String(v).replace('T', ' ').slice(0, 19) : '');
