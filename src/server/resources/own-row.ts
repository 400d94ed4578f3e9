import type { FastifyInstance } from 'fastify';
import { FIELD_TYPE_TABLE, viewEntities, type EntityDef } from '../../model';
import { requireAuth } from '../access/auth-context';
import { ok } from '../http/envelope';
import type { Row } from './document-input';
import { bodyOf, contextOf } from './resource.routes';
import type { ResourceContext } from './resource.service';
import { viewOwnRecord } from './view-reader';
import { viewSave, type ViewSaveAlso } from './view-writer';

/**
 * The caller's own row of a one-row view (`EntityDef.own`, issue 30: the own profile, the company
 * profile) at the addresses its declaration names, beside the generic `/{prefix}/{entity}/view|save`:
 * no id travels, the row is the one the view's scope holds for the caller (whatever id a body names),
 * and the save is the view writer's (permission, row lock, version, declared fields, the area's
 * hooks, audit). Decimals travel as text at these addresses (spec 7: `'62.5'`).
 */
export function ownRowRoutes(app: FastifyInstance): void {
  for (const entity of viewEntities()) {
    const own = entity.own;
    if (!own) continue;
    app.get(own.read, { preHandler: requireAuth }, async (req) => ok(await ownRecord(contextOf(app, req), entity)));
    app.post(own.save, { preHandler: requireAuth, bodyLimit: 256 * 1024 }, async (req) => ok(await ownSave(contextOf(app, req), entity, bodyOf(req))));
  }
}

/** The decimals of a record as text (trailing zeros dropped, as the number reads). */
function withDecimalsAsText(entity: EntityDef, row: Row): Row {
  const out = { ...row };
  for (const f of entity.fields) if (FIELD_TYPE_TABLE[f.type].sqlType.startsWith('numeric') && typeof out[f.key] === 'number') out[f.key] = String(out[f.key]);
  return out;
}

/** The caller's own row of the view, as its own address answers it. */
export async function ownRecord(ctx: ResourceContext, entity: EntityDef): Promise<Row> {
  return withDecimalsAsText(entity, await viewOwnRecord(ctx, entity));
}

/**
 * A save of the caller's own row (and an area's `also`: an uploaded image's address): the body's
 * fields on the row the scope holds, at the body's version or, for a view saved `latest`, the stored one.
 */
export async function ownSave(ctx: ResourceContext, entity: EntityDef, body: Row, also?: ViewSaveAlso): Promise<Row> {
  const row = await viewOwnRecord(ctx, entity);
  const version = entity.own?.latest ? row.version : body.version;
  return withDecimalsAsText(entity, await viewSave(ctx, entity, { ...body, id: row.id, version }, also));
}
