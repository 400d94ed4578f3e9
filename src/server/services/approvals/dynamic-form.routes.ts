import type { FastifyInstance, FastifyRequest } from 'fastify';
import { dynamicDictItems } from '../../../model/dynamic-form';
import { dynamicFormCalls, processBusCalls } from '../../../model/calls/approvals';
import { requireAuth } from '../../access/auth-context';
import { serveCall } from '../../http/calls';
import { AppError } from '../../http/errors';
import { exportIds, writeExport } from '../export/export.service';
import { exportRequestOf, sendWorkbook } from '../export/routes';
import { contextOf, documentRoutes } from '../../resources/resource.routes';
import { exportForm, formDesign, formEntity, listForms, scenarioForm } from './dynamic-form.service';

type Body = Record<string, unknown>;

/** Filled forms larger than this are not exported in one go (a dynamic form is not a bulk table). */
const MAX_EXPORT_ROWS = 50_000;

/**
 * Dynamic forms at run time (issue 14):
 *
 *   GET  crossapi/ccommonapi/cpm-ot/scenario?code=<scenario> | ?project_type=<code>   { scenario, form: { ..., definition } }
 *   GET  crossapi/dynform/forms                     the company's enabled, designed forms
 *   GET  crossapi/dynform/design?code=              one form's current design
 *   /api/crossapi/dynformdata/<code>/page|count|view|save|remove|history|export   its records, in the
 *                                                   generic resource API's shapes (list query format included)
 *
 * The forms themselves are designed through the registry entity `dynform` (`crossapi/dynform/save`
 * with `definition`), whose save runs the designer's rules.
 */
export async function dynamicFormRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };
  const q = (req: FastifyRequest) => (req.query ?? {}) as Body;
  type P = { Params: { code: string } };
  const base = '/crossapi/dynformdata/:code';

  serveCall(app, processBusCalls.scenario, guard, async (req) => scenarioForm(contextOf(app, req), q(req)));
  serveCall(app, dynamicFormCalls.forms, guard, async (req) => listForms(contextOf(app, req)));
  serveCall(app, dynamicFormCalls.design, guard, async (req) => formDesign(contextOf(app, req), q(req).code));

  // The list, its count, a record's view, history, save and removal: the generic document calls over the form's entity (its table's read source and JSON store, dynamic-form.service.ts).
  documentRoutes(app, base, (req) => formEntity(contextOf(app, req), (req.params as P['Params']).code));

  // The list's Excel export: the registry's export request, writer and download over the form's records (their read source).
  app.get<P>(`${base}/export`, guard, async (req, reply) => {
    const { loaded, clientId } = await exportForm(contextOf(app, req), req.params.code);
    const plan = { entity: loaded.entity, clientId, scope: [], ...exportRequestOf(req, loaded.entity, null), dictItems: dynamicDictItems(loaded.form.code, loaded.definition) };
    const ids = await exportIds(app.db, plan);
    if (!ids.length) throw new AppError('excel.noDataToExport');
    if (ids.length > MAX_EXPORT_ROWS) throw new AppError('res.tooManyIds', { params: { max: MAX_EXPORT_ROWS } });
    return sendWorkbook(req, reply, `${loaded.form.name}.xlsx`, (body) => writeExport(app.db, plan, ids, body));
  });
}
