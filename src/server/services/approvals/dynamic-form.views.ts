import { sql } from 'kysely';
import { formToFill } from '../../../model/entities/dynamic-form.entity';
import { assertCan } from '../../access/permissions';
import { registerViewScope } from '../../resources/view-reader';

/**
 * 表单填报 as the engine's list (the view entity `dynformfill`): a member who may read form records
 * (menu code `dyn.data`) reads the company's enabled forms that have a design, in the company's
 * tenant transaction; the forms of another company are never among them.
 */
registerViewScope(formToFill.name, async (auth, db) => {
  const clientId = await assertCan(auth, formToFill.menuCode, 'read', { db });
  return { where: sql`t.client_id = ${clientId} and coalesce(t.status, 'active') = 'active' and t.definition ? 'sections'`, tenant: clientId };
});
