import { callApi } from '../../api/calls';
import { storedFileUrl } from '../../api/file-src';
import { ticketCalls } from '../../../model/calls/tickets';

export type { Ticket, TicketView, TicketMember as Member, TicketAttachment as Attachment, TicketComment as Comment, TicketPerson as Person } from '../../../model/calls/tickets';

/** The ticket calls as the ticket pages use them (src/model/calls/tickets.ts declares them). */
export const ticketApi = {
  view: (id: number) => callApi(ticketCalls.view, { id }),
  move: (action: 'close' | 'finish' | 'reopen', body: { id: number; version: number; solution?: string }) => callApi(ticketCalls.move, { action, ...body }),
  quit: (id: number) => callApi(ticketCalls.quit, { id }),
  comment: (id: number, content: string, files: number[]) => callApi(ticketCalls.comment, { id, content, files }),
  removeComment: (id: number) => callApi(ticketCalls.removeComment, { id }, { failure: 'delete' }),
  upload: (file: File) => callApi(ticketCalls.upload, { file }, { failure: 'upload' }),
};

/** A comment file's address (the elements that show it exchange it for a signed link, engine/file-src.ts). */
export const ticketFileUrl = (a: { key: string }): string => storedFileUrl(a.key);
