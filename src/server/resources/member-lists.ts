import { sql } from 'kysely';
import type { EntityDef } from '../../model';
import type { Db } from '../db/database';
import { AppError, validationError, type FieldError } from '../http/errors';
import { parseIdList } from '../http/id-list';
import { registerSaveHook } from './save-hooks';

/**
 * JSON list fields whose items name members of the company (issue 30: one check where three services
 * wrote their own): `role`, role codes the company may name (its own and the platform's, but the
 * super administrator's: what the role pickers offer, `adminapi/roles/options`); `user`, ids of its
 * active users. Declared per entity and checked by the writer for every write of it (form, import,
 * service): each item is kept once, in the order sent (codes as text, ids as numbers), and a list
 * naming anything else (or one that is no list) refuses the field with `message` (an entity key,
 * given `{ value }` and for a role `{ role }`; default `rule.referenceMissing`). A list longer than
 * MAX_IDS_PER_CALL ids is refused as every bulk call is (`res.tooManyIds`).
 *
 * Example (a figure alert's recipients):
 * ```ts
 * registerMemberLists(rptAlert, { recipient_users: { of: 'user', message: 'alert.badRecipient' }, recipient_roles: { of: 'role', message: 'alert.badRole' } });
 * ```
 */
export type MemberList = { of: 'role' | 'user'; message?: string };

/** The items of the list that name no member of the company (the first is the field's error). */
async function strangers(tx: Db, clientId: number, of: MemberList['of'], items: Array<string | number>): Promise<Array<string | number>> {
  if (!items.length) return [];
  const found =
    of === 'role'
      ? (await sql<{ v: string }>`select code as v from roles where code = any(${items as string[]}::text[])
          and (client_id = ${clientId} or (client_id is null and code <> 'superadmin'))`.execute(tx)).rows
      : (await sql<{ v: number }>`select id as v from users where client_id = ${clientId} and status = 'active' and id = any(${items as number[]}::int[])`.execute(tx)).rows;
  const have = new Set(found.map((r) => String(r.v)));
  return items.filter((x) => !have.has(String(x)));
}

/** The list's items, each once (codes as text, ids as numbers), or null when it is no list of them. */
function itemsOf(of: MemberList['of'], raw: unknown): Array<string | number> | null {
  if (!Array.isArray(raw)) return null;
  if (of === 'role') return [...new Set(raw.map(String))];
  try {
    return [...new Set(parseIdList(raw, { invalid: () => validationError({}) }))];
  } catch (e) {
    if (e instanceof AppError && e.messageKey === 'res.tooManyIds') throw e;
    return null;
  }
}

/** Checks the member lists an entity declares, for every write of it (see MemberList). */
export function registerMemberLists(entity: EntityDef, lists: Record<string, MemberList>): void {
  for (const key of Object.keys(lists)) if (!entity.fields.some((f) => f.key === key && f.type === 'json')) throw new Error(`${entity.name}.${key}: a member list is a json field of the entity`);
  registerSaveHook(entity.name, {
    validate: async ({ tx, clientId, values, errors }) => {
      for (const [key, list] of Object.entries(lists)) {
        const raw = values[key];
        if (raw === undefined || raw === null || errors[key]) continue;
        const items = itemsOf(list.of, raw);
        const bad = items ? (await strangers(tx, clientId, list.of, items))[0] : '';
        if (bad === undefined) values[key] = items;
        else errors[key] = refusal(list, bad);
      }
    },
  });
}

const refusal = (list: MemberList, bad: string | number): FieldError => ({ key: list.message ?? 'rule.referenceMissing', params: list.of === 'role' ? { value: bad, role: bad } : { value: bad } });
