import { exceljs } from '../export/exceljs-module';
import type { RawBuilder } from 'kysely';
import { CELL_FORMAT_TABLE, cellFormatOf, fieldOf, requireEntity, translate, type CellFormat, type Language } from '../../../model';
import { dictValueLabel } from '../../../model/dictionaries';
import { formatCell, formatHeader } from '../../../model/excel';
import { trackOrder, type TrackedNode } from '../../../model/node-tracking';
import type { Db } from '../../db/database';
import { addSheet } from '../export/sheet-name';
import { protectTextCells } from '../export/text-cells';
import { nodesOf, todayIso, trackedOrders, type NodeRow } from './tracking.service';

/**
 * The node plans as an Excel workbook (issue 31: "node plan dates ... exported to Excel"): one row per
 * node of one order (or of every order the maker's tracking list shows, in its order and with its data
 * permissions), with the stored figures (plan, forecast and its source, actual and its source) and
 * what the timeline says of it today (projected end, days behind, state, critical path), each column
 * in its field's label and cell format. Reads through the tracking service's own reads, so the sheet
 * shows what the timeline shows.
 */
type Row = Record<string, unknown>;
type Column = { header: string; format: CellFormat; value: (o: Row, n: ExportNode) => unknown; width: number };
type ExportNode = TrackedNode<NodeRow>;

const field = (entity: string, key: string, language: Language): { header: string; format: CellFormat } => {
  const f = fieldOf(requireEntity(entity), key)!;
  const format = cellFormatOf(f);
  return { header: formatHeader(language === 'en' ? f.label.en : f.label.zh, format, language), format };
};
const dict = (name: string, value: string | null, language: Language) => (value ? (language === 'en' ? dictValueLabel(name, value).en : dictValueLabel(name, value).zh) : null);

function columns(language: Language): Column[] {
  const of = (entity: string, key: string, width: number, value: Column['value']): Column => ({ ...field(entity, key, language), width, value });
  const own = (key: string, format: CellFormat, width: number, value: Column['value']): Column => ({ header: translate(language, key), format, width, value });
  return [
    of('customerorder', 'order_no', 18, (o) => o.order_no),
    of('customerorder', 'brand_name', 16, (o) => o.brand_name),
    of('customerorder', 'delivery_date', 12, (o) => o.delivery_date),
    of('ordernode', 'seq', 8, (_, n) => n.seq),
    of('ordernode', 'node_code', 14, (_, n) => n.node_code),
    of('ordernode', 'node_name', 18, (_, n) => n.node_name),
    of('ordernode', 'party', 10, (_, n) => dict('node_party', n.party, language)),
    of('ordernode', 'plan_days', 10, (_, n) => n.plan_days),
    of('ordernode', 'plan_start', 12, (_, n) => n.plan_start),
    of('ordernode', 'plan_date', 12, (_, n) => n.plan_date),
    own('tracking.export.manual', 'text', 10, (_, n) => (n.plan_manual ? translate(language, 'tracking.export.yes') : null)),
    of('ordernode', 'forecast_date', 12, (_, n) => (n.actual_date ? null : n.forecast_date ?? null)),
    of('ordernode', 'forecast_source', 12, (_, n) => (n.actual_date ? null : dict('node_forecast_source', n.forecast_source, language))),
    own('tracking.export.projected', 'date', 12, (_, n) => n.projected_date),
    own('tracking.export.delay', 'integer', 10, (_, n) => n.delay_days),
    of('ordernode', 'actual_date', 12, (_, n) => n.actual_date),
    of('ordernode', 'actual_source', 14, (_, n) => dict('node_actual_source', n.actual_source, language)),
    own('tracking.export.state', 'text', 10, (_, n) => dict('node_state', n.state, language)),
    own('tracking.export.critical', 'text', 10, (_, n) => (n.critical ? translate(language, 'tracking.export.yes') : null)),
  ];
}

/** The workbook of one order's nodes (`orderId`) or of every order of the maker's list (in progress), under the caller's data scope. */
export async function nodeWorkbook(tx: Db, clientId: number, q: { orderId: number | null; scope: RawBuilder<unknown>[]; language: Language }): Promise<Buffer> {
  const today = todayIso();
  const orders = (await trackedOrders(tx, clientId, { status: ['in_progress'], scope: q.scope, today })).filter((o) => q.orderId === null || Number(o.id) === q.orderId);
  const nodes = await nodesOf(tx, clientId, orders.map((o) => Number(o.id)));
  const cols = columns(q.language);
  const wb = new (await exceljs()).Workbook();
  wb.creator = 'SCM';
  const ws = addSheet(wb, translate(q.language, 'tracking.export.sheet'), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = cols.map((c) => ({ header: c.header, width: c.width }));
  ws.getRow(1).font = { bold: true };
  for (const o of orders) {
    for (const n of trackOrder(nodes.get(Number(o.id)) ?? [], today).nodes) {
      const row = ws.addRow(cols.map((c) => formatCell(c.format, c.value(o, n))));
      cols.forEach((c, i) => {
        const numFmt = CELL_FORMAT_TABLE[c.format].numFmt;
        if (numFmt) row.getCell(i + 1).numFmt = numFmt;
      });
      // Names people typed are written as text, never as a formula (issue 19).
      protectTextCells(row);
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
