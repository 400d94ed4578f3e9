import { sql } from 'kysely';
import type { NumberingDef } from '../../../model/entity';
import type { Db } from '../../db/database';
import type { SequenceRuleResolver } from '../../kernel/sequence/sequence.service';

const DATE_PREFIXES: ReadonlyArray<NumberingDef['datePrefix']> = ['', 'YYYY', 'YYYYMM', 'YYYYMMDD', 'YYMM', 'YYMMDD'];

type SnRow = { prefix: string | null; date_prefix: string | null; length: number | null; suffix: string | null };

/** A tenant's stored rule as a NumberingDef over the declared one's field. Pure. */
export function toNumbering(row: SnRow, declared: NumberingDef): NumberingDef {
  const datePrefix = DATE_PREFIXES.find((d) => d === (row.date_prefix ?? '')) ?? '';
  const length = Number.isInteger(row.length) && (row.length ?? 0) > 0 && (row.length ?? 0) <= 12 ? (row.length as number) : declared.length;
  return { field: declared.field, prefix: row.prefix ?? '', datePrefix, length, suffix: row.suffix ?? '' };
}

/**
 * Sequence-number rules per tenant (spec 6 "SN rules"): the tenant's row in adm_sn_rule whose
 * rule key is the entity name overrides the entity's declared NumberingDef. Runs inside the save
 * transaction (tenant scope), so it reads with the caller's `tx`.
 */
export const snRuleResolver: SequenceRuleResolver = async (tx: Db, clientId, key, declared) => {
  const r = await sql<SnRow>`select prefix, date_prefix, length, suffix from adm_sn_rule where client_id = ${clientId} and rule_key = ${key} order by id limit 1`.execute(tx);
  return r.rows[0] ? toNumbering(r.rows[0], declared) : null;
};
