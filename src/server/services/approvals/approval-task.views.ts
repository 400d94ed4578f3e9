import { sql } from 'kysely';
import { approvalTask } from '../../../model/entities/approval-task.entity';
import { forbidden } from '../../http/errors';
import { registerViewScope } from '../../resources/view-reader';
import { TASK_DONE, TASK_OPEN } from '../../../model/approval-flow';

/**
 * 我的审批 as the engine's list (the view entity `wftask`): every signed-in member of a company reads
 * their own approval tasks, waiting or decided (a task another decision cancelled is no longer
 * theirs to see), in their company's tenant transaction; another user's task is a 404. Each row
 * carries its flow's document number, process, the node's name from the flow's copy of the
 * definition, the initiator, and the kind: a registry kind by its name (the list's dictionary names
 * it), a form's records by the form's name.
 */
registerViewScope(
  approvalTask.name,
  async (auth) => {
    if (auth.clientId === null) throw forbidden();
    return { where: sql`t.client_id = ${auth.clientId} and t.user_id = ${auth.userId}`, tenant: auth.clientId };
  },
  {
    source: () => sql`(select w.id, w.client_id, w.user_id, w.status::text as status, w.decision, w.comment, w.created_at, w.decided_at,
        w.instance_id as pid, i.status as flow_status, i.doc_no, i.process_name, i.entity as record_entity, i.record_id, u.fullname as initiator_name,
        coalesce((select f.name from dyn_form f where f.client_id = w.client_id and f.code = i.entity), i.entity) as kind,
        (select n ->> 'name' from jsonb_array_elements(i.definition -> 'nodes') n where (n ->> 'seq')::int = w.node_seq limit 1) as node_name
      from wf_task w join wf_instance i on i.id = w.instance_id and i.client_id = w.client_id left join users u on u.id = i.initiator_id
      where w.status in (${TASK_OPEN}, ${TASK_DONE}))`,
  },
);
