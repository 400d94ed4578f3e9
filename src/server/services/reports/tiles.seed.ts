import { checkTileSpec, tileReport } from '../../../model/tiles';
import { registerSeeder } from '../../db/seed';
import { seedDemoRecordsOnce } from './demo-records.seed-util';

/**
 * Demo tiles (issue 34) the three companies' managers would build in the tile designer, on their
 * company dashboards: the maker its orders due this quarter against a threshold, its order book by
 * category and its pieces scanned out by line; the brand the purchase orders of the month and its
 * spend month by month; the supplier its order book by delivery month. Each spec goes through the
 * designer's own check (`checkTileSpec`): a tile the designer would refuse fails the seed. One row of
 * tiles per company, so the tower's own widgets start within the first screen. Idempotent:
 * nothing for a company that has tiles.
 */
type DemoTile = { name: string; report: string; measure: string; chart: string; group_by?: string[]; period?: string; period_field?: string; thresholds?: Array<{ value: number; color: string }>; span?: number; filters?: Record<string, string> };
type Demo = { company: string; owner: string; tiles: DemoTile[] };

const RED = '#d13438';
const AMBER = '#f7b500';
const DEMO: Demo[] = [
  {
    company: 'MAKER01',
    owner: 'maker',
    tiles: [
      { name: '本季度交货订单', report: 'order-book', measure: 'orders', chart: 'number', period: 'quarter', period_field: 'delivery_date', thresholds: [{ value: 20, color: AMBER }, { value: 40, color: RED }] },
      { name: '各品类订货数量', report: 'order-book', measure: 'qty', chart: 'bar', group_by: ['category'] },
      { name: '各产线出站件数', report: 'production-output', measure: 'pieces', chart: 'bar', group_by: ['line'] },
    ],
  },
  {
    company: 'BRAND01',
    owner: 'brand',
    tiles: [
      { name: '本月采购单数', report: 'purchase-spend', measure: 'orders', chart: 'number', period: 'month', period_field: 'order_date' },
      { name: '采购金额月度走势', report: 'purchase-spend', measure: 'amount', chart: 'line', group_by: ['month'], span: 2 },
    ],
  },
  {
    company: 'SUPP01',
    owner: 'supplier',
    tiles: [{ name: '各交货月订货数量', report: 'supplier-order-book', measure: 'qty', chart: 'bar', group_by: ['month'], span: 2 }],
  },
];

/** The stored row of a demo tile, checked as the designer checks it. */
function tileRow(t: DemoTile, sortNo: number): Record<string, unknown> {
  const report = tileReport(t.report);
  if (!report) throw new Error(`demo tile ${t.name}: ${t.report} is not a tile dataset`);
  const { spec, errors } = checkTileSpec(report, { group_by: [], filters: {}, ...t, aggregation: undefined });
  if (!spec) throw new Error(`demo tile ${t.name}: ${JSON.stringify(errors)}`);
  return { name: t.name, scope: 'company', share_roles: [], ...spec, span: t.span ?? 1, sort_no: sortNo };
}

registerSeeder(
  async (db, ids) => {
    await seedDemoRecordsOnce(db, ids, 'rpttile', 'rpt_tile', DEMO.map((d) => ({ company: d.company, owner: d.owner, rows: d.tiles.map((t, i) => tileRow(t, (i + 1) * 10)) })));
  },
  { exchange: true },
);
