import type { FastifyInstance } from 'fastify';
import { allDictionaries, allEntities, allPages, FIELD_TYPE_TABLE, pageRoute } from '../../model';
import { requireAuth } from '../access/auth-context';
import { ok } from '../http/envelope';
import { pageAccessRoutes } from './page-access';

/**
 * Describes the registry for the browser and for tests: entities (prefix, fields with type,
 * required, rules, reference, states and actions) and pages (route, columns, form sections).
 */
export async function modelRoutes(app: FastifyInstance): Promise<void> {
  app.get('/model/entities', { preHandler: requireAuth }, async () =>
    ok(
      allEntities().map((e) => ({
        name: e.name,
        table: e.table,
        prefix: e.prefix,
        menuCode: e.menuCode,
        label: e.label,
        titleField: e.titleField,
        codeField: e.codeField ?? null,
        treeParent: e.treeParent ?? null,
        childOnly: e.childOnly ?? false,
        numbering: e.numbering ?? null,
        children: e.children ?? [],
        fields: e.fields.map((f) => ({ ...f, widget: FIELD_TYPE_TABLE[f.type].widget, grid: FIELD_TYPE_TABLE[f.type].grid })),
        states: e.states ?? null,
      })),
    ),
  );
  app.get('/model/pages', { preHandler: requireAuth }, async () => ok(allPages().map((p) => ({ ...p, route: pageRoute(p) }))));
  // A page key of the generic page routes resolved with the caller's permissions (issue 35).
  pageAccessRoutes(app);
  app.get('/model/dictionaries', { preHandler: requireAuth }, async () => ok(allDictionaries()));
}
