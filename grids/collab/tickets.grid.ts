import { definePage, type ColumnDecl, type FormFieldDecl, type PageDecl } from '../../src/model';
import { filesField } from '../../src/model/file-field';
import { ticketCalls } from '../../src/model/calls/tickets';
import { ticket, ticketRole } from '../../src/model/entities/ticket.entity';

/**
 * Exception tickets (issue 15; spec 2 tickets: assigned, closing, closed, knowledge base) as the
 * engine's lists of the view `ticketlist` (src/model/entities/ticket.entity.ts): the tickets a
 * person handles, is closing, has closed or raised, of the company and of its partners' shared
 * documents under the person's own document number; a row opens the ticket in the drawer (its
 * people, comments and the owner's actions, src/client/pages/collab). The knowledge base is the
 * closed ones, searched by words of their title, description, solution, tags and numbers.
 */
const searched = ['ticket_no', 'title', 'description', 'solution', 'tags', 'doc_no', 'partner_doc_no'];
/** A ticket state's label as the ticket declares it (the tabs of the closing and the closed ones). */
const stateLabel = (code: string) => ticket.states!.states.find((st) => st.code === code)!.label;
const head: ColumnDecl[] = [{ field: 'ticket_no', width: 150, pinned: 'left' }, { field: 'title', width: 260 }];
/**
 * A ticket's record as a list's drawer and the ticket's page show it, read-only (the ticket is
 * changed through the ticket calls: edit, the moves, people, comments): its document as the caller's
 * company holds it (its number a link to it), the raising and the partner company, the ticket's own
 * fields, the caller's roles, its description and solution; and its people, the view's lines.
 */
const third = (field: string): FormFieldDecl => ({ field, spanClass: 'third' });
const ticketRecord: Pick<PageDecl, 'form' | 'children'> = {
  form: [
    {
      modelName: 'base',
      form: [
        ...['ticket_no', 'doc_type'].map(third), { ...third('doc_no'), linkField: 'link' },
        ...['company', 'partner_company', 'owners', 'category', 'level', 'tags', 'duration', 'deduct_type', 'deduct_amount', 'created_at', 'closed_at', 'my_roles'].map(third),
        { field: 'description', spanClass: 'full' }, { field: 'solution', spanClass: 'full' },
      ],
    },
  ],
  children: [{ child: 'members', columns: [{ field: 'role', width: 100 }, { field: 'fullname', width: 140 }, { field: 'company', width: 200 }], editable: false }],
};

export const ticketsPage = definePage({
  opt: 'tickets',
  cata: 'collab',
  kind: 'index',
  entity: 'ticketlist',
  title: { zh: '异常单', en: 'Exception tickets' },
  purpose: { zh: '与合作企业共同处理订单上的异常：指派、评论、整理结论并关闭。', en: 'Handle exceptions on orders together with the partner company: assign, comment, write up the solution and close.' },
  columns: [...head, { field: 'category', width: 100 }, { field: 'level', width: 80 }, { field: 'doc_no', width: 170 }, { field: 'owners', width: 160 }, { field: 'status', width: 90 }, { field: 'created_at', width: 160 }],
  statusTabs: [
    { key: 'assigned', label: { zh: '指派给我', en: 'Assigned to me' }, filter: { status: '0', assigned: true } },
    { key: 'closing', label: stateLabel('50'), filter: { status: '50', member: true } },
    { key: 'closed', label: stateLabel('100'), filter: { status: '100', member: true } },
    { key: 'raised', label: { zh: '我发起的', en: 'Raised by me' }, filter: { raised: true } },
  ],
  actions: [{ kind: 'view' }, { kind: 'export' }],
  quickSearch: searched,
  ...ticketRecord,
});

export const knowledgePage = definePage({
  opt: 'knowledge',
  cata: 'collab',
  kind: 'index',
  entity: 'ticketlist',
  menu: { group: 'collab', order: 30, code: 'collab.knowledge' },
  title: { zh: '知识库', en: 'Knowledge base' },
  purpose: { zh: '已关闭异常单的处理结论，可按关键词搜索（多个词用空格分开）。', en: 'Solutions of closed tickets, searchable by words (separate several with spaces).' },
  columns: [...head, { field: 'solution', width: 360 }, { field: 'category', width: 100 }, { field: 'doc_no', width: 170 }, { field: 'closed_at', width: 160 }, { field: 'description', hide: true }],
  statusTabs: [{ key: 'closed', label: stateLabel('100'), filter: { status: '100' } }],
  actions: [{ kind: 'view' }, { kind: 'export' }],
  quickSearch: searched,
  ...ticketRecord,
});

/** The people of the picked document's one or two companies (the ticket calls' `people`), each by name, account and company. */
const peoplePick = (field: string, label: { zh: string; en: string }, required = false): FormFieldDecl => ({
  field,
  label: label.zh,
  labelEn: label.en,
  type: 'dropdowntable',
  isMulti: true,
  spanClass: 'third',
  optionsCall: { call: ticketCalls.people, input: { doc_type: '$doc_type', doc_id: '$doc_id' }, labelField: 'fullname', codeField: 'username', detailField: 'company' },
  ...(required ? { validations: [{ type: 'required' as const }] } : {}),
});

/**
 * Raising a ticket and editing it (spec 3 ticket; issue 30 on the engine): the engine's form drawer
 * over the ticket, saved through the ticket calls' `save` (a ticket spans the two companies of a
 * shared document, which the generic API does not), refusals under each field. The document is
 * picked among the caller's own of its kind (the `docs` call: its number, and the partner company
 * when it is shared), the people among the document's two companies (the `people` call); an edit
 * keeps both and changes the ticket's own fields. Opened from the tickets list (or a document's page
 * with `?raise=<type>&doc_id&doc_no`) and from the ticket's page; no list or menu of its own.
 */
const onRaise = { routeactionin: ['add'] };
export const ticketFormPage = definePage({
  opt: 'ticketform',
  cata: 'collab',
  kind: 'view',
  entity: 'ticket',
  title: { zh: '异常单', en: 'Exception ticket' },
  columns: [...head, 'status'],
  actions: [],
  form: [
    {
      modelName: 'document',
      title: { zh: '关联单据', en: 'Document' },
      form: [
        { field: 'doc_type', spanClass: 'half', defaultValue: 'prorder', disable: { routeactionin: ['edit', 'view'] }, clearFormFields: [{ fields: ['doc_id', 'doc_no', 'owner_ids', 'participant_ids', 'guest_ids'] }] },
        {
          field: 'doc_id',
          spanClass: 'half',
          type: 'dropdowntable',
          displayfield: 'doc_no',
          optionsCall: { call: ticketCalls.documents, input: { doc_type: '$doc_type' }, search: 'keyword', labelField: 'no', detailField: 'partner' },
          disable: { routeactionin: ['edit', 'view'] },
          clearFormFields: [{ fields: ['owner_ids', 'participant_ids', 'guest_ids'] }],
        },
      ],
    },
    {
      modelName: 'ticket',
      title: { zh: '异常信息', en: 'Exception' },
      form: [
        { field: 'title', spanClass: 'full' },
        // The raise opens on a quality exception, the most frequent kind (as the hand dialog did).
        { field: 'category', spanClass: 'half', defaultValue: 'quality' },
        { field: 'level', spanClass: 'half' },
        { field: 'description', spanClass: 'full' },
      ],
    },
    {
      modelName: 'people',
      title: { zh: '处理人员', en: 'People' },
      form: [
        peoplePick('owner_ids', { zh: '负责人', en: 'Owners' }, true),
        peoplePick('participant_ids', { zh: '参与人', en: 'Participants' }),
        peoplePick('guest_ids', { zh: '访客', en: 'Guests' }),
      ].map((f) => ({ ...f, visible: onRaise })),
    },
    {
      modelName: 'settlement',
      title: { zh: '时长与扣款', en: 'Duration and deduction' },
      form: ['tags', 'duration', 'deduct_type', 'deduct_amount'].map((field) => ({ field, spanClass: 'half' })),
    },
  ],
});

/**
 * A person an owner adds to a ticket (spec 6: of either company, as owner, participant or guest):
 * the engine's form drawer over the ticket's member, opened on the ticket (`ticket_id`) and saved
 * through the ticket calls' `add-member`, which checks the owner, the open ticket and the person's
 * company and tells the person. The person is picked among the ticket's two companies (the `people`
 * call of the ticket), the role among the three an owner gives (the initiator is who raised it).
 */
export const ticketMemberPage = definePage({
  opt: 'ticketmember',
  cata: 'collab',
  kind: 'view',
  entity: 'ticket_member',
  title: { zh: '添加成员', en: 'Add person' },
  columns: ['user_id', 'role'],
  actions: [],
  form: [
    {
      modelName: 'member',
      form: [
        {
          field: 'user_id',
          spanClass: 'full',
          type: 'dropdowntable',
          optionsCall: { call: ticketCalls.people, input: { id: '$ticket_id' }, labelField: 'fullname', codeField: 'username', detailField: 'company' },
        },
        {
          field: 'role',
          spanClass: 'full',
          defaultValue: 'owner',
          options: ticketRole.items.filter((i) => i.value !== 'initiator').map((i) => ({ value: i.value, label: i.label.zh, labelEn: i.label.en })),
        },
      ],
    },
  ],
});

/**
 * A comment on a ticket (spec: text with images and files): the engine's inline form over the ticket's
 * comment, under the ticket's comments, for owners, participants and the initiator while the ticket
 * is open. The files are stored as they are picked (the ticket calls' `upload`) and sent with the text
 * through the ticket calls' `comment`, which checks the caller's role, the open ticket and that the
 * files are the caller's own uploads, and tells the ticket's people.
 */
export const ticketCommentPage = definePage({
  opt: 'ticketcomment',
  cata: 'collab',
  kind: 'view',
  entity: 'ticket_comment',
  title: { zh: '评论', en: 'Comment' },
  columns: ['content'],
  actions: [],
  form: [{ modelName: 'comment', form: [{ field: 'content', spanClass: 'full' }, filesField({ field: 'attachments', spanClass: 'full' }, ticketCalls.upload)] }],
});
