import { allEntities, type EntityDef } from '../../../model';
import type { ApiKeyScope, GatewayEntityOption } from '../../../model/calls/gateway';
import type { AuthContext } from '../../access/auth-context';
import { isAdminMenu } from '../../access/permission-model';
import { callerCan } from '../../access/permission.service';
import type { Db } from '../../db/database';

/**
 * An API key's scopes (issue 35): which registry entities it may use and how. `read` is page,
 * count, view and history; `write` adds save, remove and the entity's actions. Pure but for
 * `entityOptions`, which reads the caller's rights.
 */
export type KeyScope = ApiKeyScope;

/** Verbs of the generic resource API by the access a scope must give. */
export const WRITE_VERBS: ReadonlySet<string> = new Set(['save', 'remove', 'action']);

/**
 * The entities a key may be given: registry entities with their own list (not lines of a document),
 * outside the administration menus (a key never administers the company).
 */
export function gatewayEntities(): EntityDef[] {
  return allEntities().filter((e) => !e.childOnly && !isAdminMenu(e.menuCode));
}

/** The gateway entity of a name, or undefined. */
export function gatewayEntity(name: string): EntityDef | undefined {
  return gatewayEntities().find((e) => e.name === name);
}

/** The entities an administrator may name in a key or a push, with what they may grant (their own view and edit rights). */
export async function entityOptions(db: Db, auth: AuthContext): Promise<GatewayEntityOption[]> {
  const out: GatewayEntityOption[] = [];
  for (const e of gatewayEntities()) {
    if (!(await callerCan(db, auth, e.menuCode, 'view'))) continue;
    out.push({ name: e.name, label: e.label, can_read: true, can_write: await callerCan(db, auth, e.menuCode, 'edit'), transitions: (e.states?.transitions ?? []).map((t) => ({ action: t.action, label: t.label })) });
  }
  return out.sort((a, b) => a.label.zh.localeCompare(b.label.zh, 'zh'));
}

/**
 * Reads scopes from a body (a JSON list, or its text from a form): each an entity of
 * `gatewayEntities()` with `read` or `write`, one per entity (the wider wins), at most 100. Returns
 * the scopes or the reason they are refused.
 */
export function parseScopes(raw: unknown): { scopes: KeyScope[] } | { problem: 'shape' | 'empty' | 'unknown'; entity?: string } {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { problem: 'shape' };
    }
  }
  if (!Array.isArray(value) || value.length > 100) return { problem: 'shape' };
  const byEntity = new Map<string, KeyScope['access']>();
  for (const item of value) {
    if (!item || typeof item !== 'object') return { problem: 'shape' };
    const { entity, access } = item as Record<string, unknown>;
    if (typeof entity !== 'string' || (access !== 'read' && access !== 'write')) return { problem: 'shape' };
    if (!gatewayEntity(entity)) return { problem: 'unknown', entity };
    if (byEntity.get(entity) !== 'write') byEntity.set(entity, access);
  }
  if (!byEntity.size) return { problem: 'empty' };
  return { scopes: [...byEntity].map(([entity, access]) => ({ entity, access })).sort((a, b) => a.entity.localeCompare(b.entity)) };
}

/** Whether scopes allow a verb of the resource API on an entity. */
export function scopeAllows(scopes: readonly KeyScope[], entity: string, verb: string): boolean {
  const s = scopes.find((x) => x.entity === entity);
  if (!s) return false;
  return WRITE_VERBS.has(verb) ? s.access === 'write' : true;
}
