import { defineDictionary } from '../dictionaries';
import { defineEntity, defineViewEntity, type FieldDef } from '../entity';
import { errorTexts } from '../errors/define';
import { ticketErrors } from '../errors/ticket';

export const ticketCategory = defineDictionary({
  code: 'ticket_category',
  label: { zh: '异常类别', en: 'Category' },
  items: [
    { value: 'quality', label: { zh: '质量异常', en: 'Quality' } },
    { value: 'delivery', label: { zh: '交期异常', en: 'Delivery' } },
    { value: 'material', label: { zh: '物料异常', en: 'Material' } },
    { value: 'process', label: { zh: '工艺异常', en: 'Process' } },
    { value: 'other', label: { zh: '其他', en: 'Other' } },
  ],
});

export const ticketLevel = defineDictionary({
  code: 'ticket_level',
  label: { zh: '异常等级', en: 'Level' },
  items: [
    { value: 'low', label: { zh: '一般', en: 'Low' } },
    { value: 'medium', label: { zh: '较重', en: 'Medium' } },
    { value: 'high', label: { zh: '严重', en: 'High' } },
    { value: 'critical', label: { zh: '紧急', en: 'Critical' } },
  ],
});

export const ticketDeductType = defineDictionary({
  code: 'ticket_deduct_type',
  label: { zh: '扣款类型', en: 'Deduction type' },
  items: [
    { value: 'none', label: { zh: '不扣款', en: 'None' } },
    { value: 'payment', label: { zh: '扣货款', en: 'From payment' } },
    { value: 'penalty', label: { zh: '罚款', en: 'Penalty' } },
    { value: 'claim', label: { zh: '索赔', en: 'Claim' } },
  ],
});

/** The kinds of document a ticket is raised on (the server's ticket-docs.ts knows each one's table and partner). */
export const ticketDocType = defineDictionary({
  code: 'ticket_doc_type',
  label: { zh: '单据类型', en: 'Document type' },
  items: [
    { value: 'prorder', label: { zh: '大货需求订单', en: 'Requirement order' } },
    { value: 'customerorder', label: { zh: '客户订单', en: 'Customer order' } },
  ],
});

export const ticketRole = defineDictionary({
  code: 'ticket_role',
  label: { zh: '角色', en: 'Role' },
  items: [
    { value: 'owner', label: { zh: '负责人', en: 'Owner' } },
    { value: 'participant', label: { zh: '参与人', en: 'Participant' } },
    { value: 'initiator', label: { zh: '发起人', en: 'Initiator' } },
    { value: 'guest', label: { zh: '访客', en: 'Guest' } },
  ],
});

/** A person on a ticket (spec 6: owner, participants, initiator, guests), of either company. */
export const ticketMember = defineEntity({
  name: 'ticket_member',
  table: 'collab_ticket_member',
  prefix: 'crossapi',
  menuCode: 'collab.ticket',
  label: { zh: '异常单成员', en: 'Ticket member' },
  titleField: 'role',
  childOnly: true,
  // An owner adds a person through the engine's form (grids/collab/tickets.grid.ts `ticketmember`), saved by the ticket calls' add-member.
  fields: [
    { key: 'ticket_id', label: { zh: '异常单', en: 'Ticket' }, type: 'integer', required: true, omitFromForm: 'The ticket the form is opened on.' },
    { key: 'user_id', label: { zh: '人员', en: 'Person' }, type: 'integer', required: true },
    { key: 'user_client_id', label: { zh: '用户企业', en: "User's company" }, type: 'integer', required: true, omitFromForm: "The person's own company, written by the ticket service." },
    { key: 'role', label: { zh: '角色', en: 'Role' }, type: 'dict', dict: 'ticket_role', required: true },
  ],
});

/** A comment with images and files (spec: comments deletable only within a configured number of days). */
export const ticketComment = defineEntity({
  name: 'ticket_comment',
  table: 'collab_ticket_comment',
  prefix: 'crossapi',
  menuCode: 'collab.ticket',
  label: { zh: '异常单评论', en: 'Ticket comment' },
  titleField: 'content',
  childOnly: true,
  // The text and files are the engine's comment form (grids/collab/tickets.grid.ts `ticketcomment`), sent through the ticket calls' comment.
  fields: [
    { key: 'ticket_id', label: { zh: '异常单', en: 'Ticket' }, type: 'integer', required: true, omitFromForm: 'The ticket the comment form is opened on.' },
    { key: 'user_id', label: { zh: '用户', en: 'User' }, type: 'integer', required: true, omitFromForm: 'The author: the caller, written by the ticket service.' },
    { key: 'user_client_id', label: { zh: '用户企业', en: "User's company" }, type: 'integer', required: true, omitFromForm: "The author's company, written by the ticket service." },
    { key: 'user_name', label: { zh: '评论人', en: 'Author' }, type: 'text', omitFromForm: "The author's name, written by the ticket service." },
    { key: 'content', label: { zh: '内容', en: 'Content' }, type: 'textarea', maxLength: 4000 },
    { key: 'attachments', label: { zh: '图片和附件', en: 'Images and files' }, type: 'json' },
  ],
});

/** What the ticket and the lists' view of it share: the table, its address and menu, its name and title. */
const TICKET_TABLE = {
  table: 'collab_ticket',
  prefix: 'crossapi',
  menuCode: 'collab.ticket',
  label: { zh: '异常单', en: 'Exception ticket' },
  titleField: 'title',
  codeField: 'ticket_no',
} as const;

/**
 * Exception ticket (spec 3 ticket: category, title, description, level, owner, tags, duration, status,
 * deduct amount and type; spec 4: 0 in progress, 50 closing (organising), 100 closed, "the owner
 * closes, then organises, then closes"). Raised from a document and linked to it by document type and
 * id (`doc_type`, `doc_id`, `doc_no` of the raising company; `partner_*` the same document as the
 * other company of its share sees it), so that any document kind can carry tickets. The row belongs
 * to the raising company; the partner company reaches it only through the ticket service's SQL filter.
 */
export const ticket = defineEntity({
  name: 'ticket',
  ...TICKET_TABLE,
  childOnly: true,
  defaultSort: { field: 'created_at', dir: 'desc' },
  fields: [
    { key: 'ticket_no', label: { zh: '异常单号', en: 'Ticket no.' }, type: 'code', readonly: true },
    { key: 'category', label: { zh: '异常类别', en: 'Category' }, type: 'dict', dict: 'ticket_category', required: true },
    { key: 'title', label: { zh: '标题', en: 'Title' }, type: 'text', required: true, maxLength: 200 },
    { key: 'description', label: { zh: '异常描述', en: 'Description' }, type: 'textarea', required: true, maxLength: 4000 },
    { key: 'level', label: { zh: '异常等级', en: 'Level' }, type: 'dict', dict: 'ticket_level', required: true, default: 'medium' },
    { key: 'tags', label: { zh: '标签', en: 'Tags' }, type: 'text', maxLength: 200 },
    { key: 'duration', label: { zh: '处理时长（小时）', en: 'Duration (hours)' }, type: 'decimal', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'deduct_amount', label: { zh: '扣款金额', en: 'Deduct amount' }, type: 'money', rules: ['positiveNumber', 'maxDecimals4'] },
    { key: 'deduct_type', label: { zh: '扣款类型', en: 'Deduction type' }, type: 'dict', dict: 'ticket_deduct_type', default: 'none' },
    { key: 'solution', label: { zh: '处理结论', en: 'Solution' }, type: 'textarea', maxLength: 4000, omitFromForm: 'Written when an owner closes the ticket for good (finish, its solution dialog).' },
    { key: 'status', label: { zh: '状态', en: 'Status' }, type: 'dict', readonly: true },
    // The document is chosen when the ticket is raised and kept (an edit does not move it: ticket.hooks.ts).
    { key: 'doc_type', label: { zh: '单据类型', en: 'Document type' }, type: 'dict', dict: 'ticket_doc_type', required: true, default: 'prorder' },
    { key: 'doc_id', label: { zh: '关联单据', en: 'Document' }, type: 'integer', required: true },
    { key: 'doc_no', label: { zh: '关联单号', en: 'Document no.' }, type: 'code', readonly: true },
    { key: 'partner_client_id', label: { zh: '协同企业', en: 'Partner company' }, type: 'integer', readonly: true },
    { key: 'partner_doc_type', label: { zh: '协同单据类型', en: "Partner's document type" }, type: 'code', readonly: true },
    { key: 'partner_doc_id', label: { zh: '协同单据', en: "Partner's document" }, type: 'integer', readonly: true },
    { key: 'partner_doc_no', label: { zh: '协同单号', en: "Partner's document no." }, type: 'code', readonly: true },
    { key: 'closed_at', label: { zh: '关闭时间', en: 'Closed at' }, type: 'datetime', readonly: true },
  ],
  messages: {
    'zh-CN': {
      ...errorTexts(ticketErrors, 'zh-CN'),
      'ticket.docNotFound': '关联的单据不存在',
      'ticket.docTypeUnknown': '该类单据不能发起异常单',
      'ticket.ownerRequired': '请至少指定一位负责人',
      'ticket.memberOutside': '只能选择本单据两方企业的在职用户',
      'ticket.solutionRequired': '关闭前请填写处理结论，供知识库使用',
      'ticket.commentEmpty': '请填写评论内容或添加图片、附件',
      'ticket.fileInvalid': '附件无效或已被使用',
      'notify.ticketRaised.title': '新异常单 {{no}}：{{title}}',
      'notify.ticketRaised.body': '{{user}}（{{company}}）就单据 {{doc}} 发起了异常单，请查看处理。',
      'notify.ticketAssigned.title': '您被加入异常单 {{no}}',
      'notify.ticketAssigned.body': '{{user}} 将您设为异常单「{{title}}」的{{role}}。',
      'notify.ticketComment.title': '异常单 {{no}} 有新评论',
      'notify.ticketComment.body': '{{user}}：{{text}}',
      'notify.ticketClosing.title': '异常单 {{no}} 进入整理',
      'notify.ticketClosing.body': '{{user}} 已处理完毕异常单「{{title}}」，正在整理结论。',
      'notify.ticketClosed.title': '异常单 {{no}} 已关闭',
      'notify.ticketClosed.body': '{{user}} 关闭了异常单「{{title}}」，结论已收入知识库。',
      'notify.ticketReopened.title': '异常单 {{no}} 重新处理',
      'notify.ticketReopened.body': '{{user}} 重新打开了异常单「{{title}}」。',
    },
    en: {
      ...errorTexts(ticketErrors, 'en'),
      'ticket.docNotFound': 'The linked document does not exist',
      'ticket.docTypeUnknown': 'Tickets cannot be raised on this kind of document',
      'ticket.ownerRequired': 'Name at least one owner',
      'ticket.memberOutside': "Only active users of the document's two companies can be chosen",
      'ticket.solutionRequired': 'Write the solution before closing; the knowledge base keeps it',
      'ticket.commentEmpty': 'Write a comment or add an image or a file',
      'ticket.fileInvalid': 'The attachment is invalid or already used',
      'notify.ticketRaised.title': 'New ticket {{no}}: {{title}}',
      'notify.ticketRaised.body': '{{user}} ({{company}}) raised a ticket on document {{doc}}; please have a look.',
      'notify.ticketAssigned.title': 'You were added to ticket {{no}}',
      'notify.ticketAssigned.body': '{{user}} made you {{role}} of the ticket "{{title}}".',
      'notify.ticketComment.title': 'New comment on ticket {{no}}',
      'notify.ticketComment.body': '{{user}}: {{text}}',
      'notify.ticketClosing.title': 'Ticket {{no}} is being organised',
      'notify.ticketClosing.body': '{{user}} finished handling the ticket "{{title}}" and is writing up the solution.',
      'notify.ticketClosed.title': 'Ticket {{no}} closed',
      'notify.ticketClosed.body': '{{user}} closed the ticket "{{title}}"; its solution is in the knowledge base.',
      'notify.ticketReopened.title': 'Ticket {{no}} reopened',
      'notify.ticketReopened.body': '{{user}} reopened the ticket "{{title}}".',
    },
  },
  states: {
    field: 'status',
    initial: '0',
    states: [
      { code: '0', label: { zh: '处理中', en: 'In progress' }, color: 'warning' },
      { code: '50', label: { zh: '整理中', en: 'Closing' }, color: 'informative' },
      { code: '100', label: { zh: '已关闭', en: 'Closed' }, color: 'success' },
    ],
    transitions: [
      // Spec 4: the owner closes (in progress -> organising), then organises and closes.
      { action: 'close', label: { zh: '处理完毕', en: 'Close' }, from: ['0'], to: '50', confirm: { zh: '确定处理完毕，进入整理？', en: 'Mark handled and start organising?' } },
      // Closing for good asks for the solution (starting from the one saved), which the knowledge base keeps.
      {
        action: 'finish', label: { zh: '关闭', en: 'Finish' }, from: ['50'], to: '100', confirm: { zh: '确定关闭该异常单？关闭后结论收入知识库。', en: 'Close this ticket? Its solution goes into the knowledge base.' },
        params: [{ key: 'solution', label: { zh: '处理结论', en: 'Solution' }, type: 'textarea', required: true, maxLength: 4000 }],
        defaults: { solution: 'solution' },
      },
      { action: 'reopen', label: { zh: '重新处理', en: 'Reopen' }, from: ['50'], to: '0' },
    ],
    locked: ['100'],
  },
});

/** A ticket field as the view shows it: the ticket's own declaration, without what only a save checks. */
function shown(key: string): FieldDef {
  const { required: _required, rules: _rules, default: _default, maxLength: _maxLength, omitFromForm: _omit, ...field } = ticket.fields.find((f) => f.key === key)!;
  return field;
}

/**
 * The exception tickets a person follows (issue 30 on the engine): a view whose rows the ticket
 * service computes for the caller (src/server/services/tickets/ticket.views.ts): every ticket of
 * the caller's company or of a partner's shared document, under the caller's own document number,
 * with whether the caller is on it (`member`), handles it (`assigned`: any role but initiator) or
 * raised it (`raised`). The list's tabs and the knowledge base (closed ones, searched by words of
 * the title, description, solution, tags and numbers) read it; a row opens the ticket in the drawer.
 */
export const ticketList = defineViewEntity({
  name: 'ticketlist',
  ...TICKET_TABLE,
  defaultSort: { field: 'created_at', dir: 'desc' },
  refreshOn: 'notifyto2',
  fields: [
    shown('ticket_no'),
    shown('title'),
    shown('category'),
    shown('level'),
    shown('doc_no'),
    { key: 'owners', label: { zh: '负责人', en: 'Owners' }, type: 'text' },
    shown('status'),
    { key: 'created_at', label: { zh: '发起时间', en: 'Raised at' }, type: 'datetime' },
    { key: 'closed_at', label: { zh: '关闭时间', en: 'Closed at' }, type: 'datetime' },
    shown('description'),
    shown('solution'),
    shown('tags'),
    shown('partner_doc_no'),
    { key: 'member', label: { zh: '我参与的', en: 'I am on it' }, type: 'boolean' },
    { key: 'assigned', label: { zh: '我处理的', en: 'I handle it' }, type: 'boolean' },
    { key: 'raised', label: { zh: '我发起的', en: 'I raised it' }, type: 'boolean' },
    // What the ticket's page shows beside the list's columns: the version a command is sent at, the
    // document as the caller's company holds it (its kind, id and address), the two companies' names.
    { key: 'version', label: { zh: '版本', en: 'Version' }, type: 'integer' },
    shown('doc_type'),
    shown('doc_id'),
    { key: 'link', label: { zh: '单据地址', en: "Document's address" }, type: 'text' },
    { key: 'raised_by_us', label: { zh: '本企业发起', en: 'Raised by my company' }, type: 'boolean' },
    { key: 'company', label: { zh: '发起企业', en: 'Raising company' }, type: 'text' },
    { key: 'partner_company', label: { zh: '协同企业', en: 'Partner company' }, type: 'text' },
    shown('duration'),
    shown('deduct_amount'),
    shown('deduct_type'),
    // The caller's roles on the ticket, and what they allow now (spec 6), computed by the ticket service
    // from the roles read in SQL; the service checks each command again, in SQL, when it is sent.
    { key: 'my_roles', label: { zh: '我的角色', en: 'My roles' }, type: 'multidict', dict: 'ticket_role' },
    { key: 'can_edit', label: { zh: '可编辑', en: 'May edit' }, type: 'boolean' },
    { key: 'can_close', label: { zh: '可处理完毕', en: 'May close' }, type: 'boolean' },
    { key: 'can_finish', label: { zh: '可关闭', en: 'May finish' }, type: 'boolean' },
    { key: 'can_reopen', label: { zh: '可重新处理', en: 'May reopen' }, type: 'boolean' },
    { key: 'can_add_member', label: { zh: '可添加成员', en: 'May add people' }, type: 'boolean' },
    { key: 'can_quit', label: { zh: '可退出', en: 'May quit' }, type: 'boolean' },
    { key: 'can_comment', label: { zh: '可评论', en: 'May comment' }, type: 'boolean' },
    { key: 'comment_days', label: { zh: '评论可删除天数', en: 'Days a comment may be removed' }, type: 'integer' },
  ],
  // The ticket's people and comments, read with its record (`/crossapi/ticketlist/view?id=`): lines the
  // ticket service computes (ticket.views.ts), each comment with whether the caller may remove it.
  children: [
    {
      key: 'members', label: { zh: '人员', en: 'People' }, entity: 'ticket_member', foreignKey: 'ticket_id',
      fields: [{ key: 'fullname', label: { zh: '姓名', en: 'Name' }, type: 'text' }, { key: 'company', label: { zh: '企业', en: 'Company' }, type: 'text' }],
    },
    {
      key: 'comments', label: { zh: '评论', en: 'Comments' }, entity: 'ticket_comment', foreignKey: 'ticket_id',
      fields: [
        { key: 'company', label: { zh: '企业', en: 'Company' }, type: 'text' },
        { key: 'created_at', label: { zh: '评论时间', en: 'Commented at' }, type: 'datetime' },
        { key: 'removable', label: { zh: '可删除', en: 'Removable' }, type: 'boolean' },
      ],
    },
  ],
  states: { field: 'status', initial: '0', states: ticket.states!.states, transitions: [] },
});
