import { definePage, ROLES } from '../../src/model';

/**
 * Process definitions (spec 2 Admin "process definitions", issue 14): a master-detail page, the
 * definition's header with its nodes (who approves, and-sign or or-sign, launch action and its
 * text, end, edits allowed) and steps (from node, to node) as child grids. The rules of spec 5 are
 * checked on save by the server; the flow diagram opens from the approvals page (`/approvals/process?id=`).
 */
export const processDefPage = definePage({
  opt: 'processdef',
  cata: 'admin',
  kind: 'masterdetail',
  entity: 'processdef',
  menu: { group: 'admin', order: 95, roles: [ROLES.clientAdmin] },
  title: { zh: '流程定义', en: 'Process definitions' },
  columns: [{ field: 'code', width: 160, pinned: 'left' }, { field: 'name', width: 200 }, 'entity_name', 'required', 'enabled', { field: 'remark', width: 240 }, { field: 'updated_at', width: 170 }],
  quickSearch: ['code', 'name'],
  actions: [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'export' }, { kind: 'history' }, { kind: 'view' }],
  form: [
    {
      modelName: 'base',
      title: { zh: '流程', en: 'Process' },
      form: [
        { field: 'code', spanClass: 'half' },
        { field: 'name', spanClass: 'half' },
        { field: 'entity_name', spanClass: 'half' },
        { field: 'required', spanClass: 'third' },
        { field: 'enabled', spanClass: 'third' },
        { field: 'remark', spanClass: 'full' },
      ],
    },
  ],
  children: [
    { child: 'nodes', columns: ['seq', 'name', 'status_code', 'access_type', 'position_codes', 'role_codes', 'sign_type', 'launch_action', 'launch_text', 'is_end', 'allow_edit'], editable: true },
    { child: 'steps', columns: ['step_code', 'name', 'from_seq', 'to_seq'], editable: true },
  ],
});
