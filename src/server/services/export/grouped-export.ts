import type { Writable } from 'node:stream';
import { exceljs } from './exceljs-module';
import { sql } from 'kysely';
import { translate } from '../../../model';
import { columnFormat } from '../../../model/excel';
import type { ListGroup, ListGroupsReply } from '../../../model/calls/list-groups';
import type { Db } from '../../db/database';
import { withTenant } from '../../kernel/rls';
import { groupKeySql, groupSummary, type GroupPlan } from '../../resources/list-groups.service';
import { eachChunk, exportDictionaries, listSheet, type ExportPlan, type ListSheet } from './export.service';
import { protectTextCells } from './text-cells';

/**
 * The list export grouped as the list shows it (issue 32): per group a header row (its name and
 * row count), its rows in the list's order, then its subtotal row (the measures under their
 * columns); the grand total last. Groups and sums come from the grouped list's own function
 * (`groupSummary`) over exactly the exported rows, so the workbook agrees with the screen. Rows sit
 * at outline level 1 under their group, summaries below, so Excel folds each group to its header
 * and subtotal. The workbook is a report: it carries no template identity sheet, so the import
 * refuses it instead of reading group rows as records.
 */

/** The exported ids by group key, each group's ids in the list's order. */
async function idsByGroup(db: Db, plan: ExportPlan, group: GroupPlan, ids: number[]): Promise<Map<string | null, number[]>> {
  const keyed = await withTenant(db, plan.clientId, async (tx) =>
    (await sql<{ id: number; g: string | null }>`select t.id, ${groupKeySql(group.grouping)} as g from ${sql.table(plan.entity.table)} t
      where t.client_id = ${plan.clientId} and t.id = any(${ids}::bigint[])`.execute(tx)).rows,
  );
  const keyOf = new Map(keyed.map((r) => [Number(r.id), r.g]));
  const out = new Map<string | null, number[]>();
  for (const id of ids) {
    if (!keyOf.has(id)) continue;
    const g = keyOf.get(id) ?? null;
    const list = out.get(g);
    if (list) list.push(id);
    else out.set(g, [id]);
  }
  return out;
}

/** How many groups the exported ids fall in (the empty value is a group of its own, as on the list). */
export async function countExportGroups(db: Db, plan: ExportPlan, group: GroupPlan, ids: number[]): Promise<number> {
  return withTenant(db, plan.clientId, async (tx) => {
    const r = await sql<{ n: string | number }>`select count(distinct x.g) + coalesce(max(case when x.g is null then 1 else 0 end), 0) as n
      from (select ${groupKeySql(group.grouping)} as g from ${sql.table(plan.entity.table)} t where t.client_id = ${plan.clientId} and t.id = any(${ids}::bigint[])) x`.execute(tx);
    return Number(r.rows[0]?.n ?? 0);
  });
}

/** A header, subtotal or total row: its text in the first cell, the measures under their columns, bold. */
function summaryRow(sheet: ListSheet, group: GroupPlan, first: string, values: Record<string, number | null> | null, outlineLevel: number): void {
  const cells: Array<string | number | null> = sheet.cols.map(() => null);
  cells[0] = first;
  if (values) {
    for (const m of group.measures) {
      const at = sheet.cols.findIndex(({ c, name }) => !name && c.field.key === m.field);
      if (at > 0) cells[at] = values[m.field];
    }
  }
  const row = sheet.ws.addRow(cells);
  if (values) sheet.cols.forEach(({ c, name }, i) => {
    const fmt = name ? undefined : columnFormat(c);
    if (i > 0 && fmt && typeof cells[i] === 'number') row.getCell(i + 1).numFmt = fmt;
  });
  row.font = { bold: true };
  row.outlineLevel = outlineLevel;
  // A group's name comes from what users typed (a customer's name): "=..." stays text.
  protectTextCells(row);
  row.commit();
}

/** Writes the grouped export of `ids` to `out`; `onRows` reports progress by rows written. */
export async function writeGroupedExport(db: Db, plan: ExportPlan, group: GroupPlan, ids: number[], out: Writable, onRows?: (done: number) => void): Promise<void> {
  const wb = new (await exceljs()).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const where = sql`t.client_id = ${plan.clientId} and t.id = any(${ids}::bigint[])`;
  const summary: ListGroupsReply = await withTenant(db, plan.clientId, (tx) =>
    groupSummary(tx, { entity: plan.entity, clientId: plan.clientId, where, plan: group, language: plan.language, maxGroups: ids.length }),
  );
  const byGroup = await idsByGroup(db, plan, group, ids);
  const sheet = listSheet(wb, plan, await exportDictionaries(db, plan), { outlineLevelRow: 1, outlineProperties: { summaryBelow: true, summaryRight: false } });
  const t = (key: string, params?: Record<string, unknown>) => translate(plan.language, key, params);
  let done = 0;
  const writeGroup = async (g: ListGroup) => {
    summaryRow(sheet, group, t(g.count === 1 ? 'groups.headerOne' : 'groups.header', { label: g.label, count: g.count }), null, 0);
    await eachChunk(db, plan, byGroup.get(g.key) ?? [], (rows) => {
      for (const r of rows) {
        const row = sheet.addRecord(r);
        row.outlineLevel = 1;
        row.commit();
      }
      done += rows.length;
      onRows?.(done);
    });
    summaryRow(sheet, group, t('groups.subtotalOf', { label: g.label }), g.values, 0);
  };
  for (const g of summary.groups) await writeGroup(g);
  summaryRow(sheet, group, t('groups.total'), summary.total.values, 0);
  sheet.ws.commit();
  await wb.commit();
}
