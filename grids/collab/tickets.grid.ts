import { definePage, type ColumnDecl } from '../../src/model';
import { ticket } from '../../src/model/entities/ticket.entity';

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
  form: [{ modelName: 'base', form: ['ticket_no', 'status', 'doc_no', 'owners'].map((field) => ({ field, spanClass: 'quarter' })) }],
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
  form: [{ modelName: 'base', form: ['ticket_no', 'status', 'doc_no', 'owners'].map((field) => ({ field, spanClass: 'quarter' })) }],
});
