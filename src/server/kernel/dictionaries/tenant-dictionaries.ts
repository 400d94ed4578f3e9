import { sql } from 'kysely';
import type { DictItem } from '../../../model';
import type { Db } from '../../db/database';

/**
 * A company's own dictionary items (spec 6 data dictionary, table adm_dict_item): they extend the
 * system dictionaries in drop-downs, validation, import and export. Only active items count.
 */
export type TenantDictionaries = {
  /** Items by dictionary code, in their declared order. */
  items: ReadonlyMap<string, DictItem[]>;
  /** Values by dictionary code, as validation takes them. */
  values: ReadonlyMap<string, ReadonlySet<string>>;
};

export const NO_TENANT_DICTIONARIES: TenantDictionaries = { items: new Map(), values: new Map() };

export async function loadTenantDictionaries(db: Db, clientId: number): Promise<TenantDictionaries> {
  const r = await sql<{ dict_code: string; value: string; label_zh: string; label_en: string | null }>`
    select dict_code, value, label_zh, label_en from adm_dict_item
    where client_id = ${clientId} and coalesce(status, 'active') = 'active' order by dict_code, sort nulls last, id`.execute(db);
  const items = new Map<string, DictItem[]>();
  const values = new Map<string, Set<string>>();
  for (const row of r.rows) {
    const list = items.get(row.dict_code) ?? [];
    list.push({ value: row.value, label: { zh: row.label_zh, en: row.label_en || row.label_zh } });
    items.set(row.dict_code, list);
    const set = values.get(row.dict_code) ?? new Set<string>();
    set.add(row.value);
    values.set(row.dict_code, set);
  }
  return { items, values };
}
