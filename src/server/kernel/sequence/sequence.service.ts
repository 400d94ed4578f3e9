import { sql } from 'kysely';
import type { EntityDef, NumberingDef } from '../../../model/entity';
import type { Db } from '../../db/database';

/**
 * Sequence numbers of SN rules (spec: sequence config: prefix, suffix, length, date prefix). One
 * counter row per tenant, key and period in `sequences`; the period is the formatted date prefix,
 * so a rule with YYMM starts again at 1 each month.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The date part of a number, e.g. '2611' for YYMM in November 2026. */
export function datePart(pattern: NumberingDef['datePrefix'], date: Date): string {
  const yyyy = String(date.getFullYear());
  const mm = pad(date.getMonth() + 1);
  const dd = pad(date.getDate());
  const parts: Record<NumberingDef['datePrefix'], string> = {
    '': '',
    YYYY: yyyy,
    YYYYMM: yyyy + mm,
    YYYYMMDD: yyyy + mm + dd,
    YYMM: yyyy.slice(2) + mm,
    YYMMDD: yyyy.slice(2) + mm + dd,
  };
  return parts[pattern];
}

/** Formats a number: prefix + date part + zero-padded counter + suffix. A counter longer than `length` keeps all its digits. */
export function formatSequence(rule: NumberingDef, date: Date, value: number): string {
  return `${rule.prefix}${datePart(rule.datePrefix, date)}${String(value).padStart(rule.length, '0')}${rule.suffix ?? ''}`;
}

/**
 * Takes the next counter value atomically. Must run inside the caller's save transaction: on
 * PostgreSQL the upsert locks the counter row until commit, so concurrent saves queue on it and
 * each gets its own value; a rolled-back save gives its value back.
 */
export async function nextSequenceValue(tx: Db, clientId: number, key: string, period: string): Promise<number> {
  const r = await sql<{ value: number }>`
    insert into sequences (client_id, key, period, value) values (${clientId}, ${key}, ${period}, 1)
    on conflict (client_id, key, period) do update set value = sequences.value + 1
    returning value`.execute(tx);
  return Number(r.rows[0].value);
}

/**
 * Where a tenant's own SN rule comes from. The admin area (SN rule maintenance, spec 6) installs a
 * resolver reading its table; without one the entity's declared rule applies.
 */
export type SequenceRuleResolver = (tx: Db, clientId: number, key: string, declared: NumberingDef) => Promise<NumberingDef | null>;

let ruleResolver: SequenceRuleResolver | null = null;

export function setSequenceRuleResolver(resolver: SequenceRuleResolver | null): void {
  ruleResolver = resolver;
}

/**
 * The rule that numbers `key` for a tenant: the tenant's own SN rule when it saved one (spec 6),
 * else the declared one. Runs in the caller's transaction (tenant scope).
 */
async function effectiveRule(tx: Db, clientId: number, key: string, declared: NumberingDef): Promise<NumberingDef> {
  return (ruleResolver && (await ruleResolver(tx, clientId, key, declared))) || declared;
}

/**
 * The numbering rule in force for an entity in a tenant (null when the entity is not numbered),
 * for every path that numbers documents: the form save through `nextNumber`, the import's bulk
 * numbering, the services of later modules.
 */
export async function numberingRuleFor(tx: Db, clientId: number, entity: Pick<EntityDef, 'name' | 'numbering'>): Promise<NumberingDef | null> {
  return entity.numbering ? effectiveRule(tx, clientId, entity.name, entity.numbering) : null;
}

/** The next number of an SN rule for a tenant, e.g. 'V26110001'. */
export async function nextNumber(tx: Db, clientId: number, key: string, declared: NumberingDef, now = new Date()): Promise<string> {
  const rule = await effectiveRule(tx, clientId, key, declared);
  const period = datePart(rule.datePrefix, now);
  const value = await nextSequenceValue(tx, clientId, key, period);
  return formatSequence(rule, now, value);
}
