import { api, request } from '../../api/client';
import { storedFileUrl } from '../../engine/file-src';

/** A ticket as the ticket calls answer it, seen by the caller's company (its own document). */
export type Ticket = {
  id: number; version: number; ticket_no: string; category: string; title: string; description: string; level: string; tags: string | null;
  duration: string | null; deduct_amount: string | null; deduct_type: string | null; solution: string | null; status: string;
  doc_type: string; doc_id: number; doc_no: string | null; link: string | null; raised_by_us: boolean; company: string; partner_company: string | null;
  created_at: string; closed_at: string | null; owners: string | null; my_roles: string[];
};
export type Member = { user_id: number; fullname: string; company: string; client_id: number; role: string };
export type Attachment = { id: number; key: string; name: string; mime: string | null; size: number };
export type Comment = { id: number; user_id: number; user_name: string; company: string; content: string | null; attachments: Attachment[]; created_at: string; removable: boolean };
export type TicketView = { ticket: Ticket; members: Member[]; comments: Comment[]; commentDeleteDays: number; can: Record<'edit' | 'close' | 'finish' | 'reopen' | 'addMember' | 'quit' | 'comment', boolean> };
export type Person = { id: number; fullname: string; username: string; company: string; client_id: number };
export type Paged<T> = { rows: T[]; total: number; page: number; size: number };

export const TICKET_BASE = '/crossapi/ticketapi/ticket';

export const ticketApi = {
  page: (tab: string, page: number, size: number, keyword?: string) => api.get<Paged<Ticket>>(`${TICKET_BASE}/page`, { tab, page, size, keyword: keyword || undefined }),
  knowledge: (page: number, size: number, keyword?: string) => api.get<Paged<Ticket>>(`${TICKET_BASE}/knowledge`, { page, size, keyword: keyword || undefined }),
  view: (id: number) => api.get<TicketView>(`${TICKET_BASE}/view`, { id }),
  docs: (docType: string, keyword: string) => api.get<{ rows: { id: number; no: string | null; shared: boolean }[] }>(`${TICKET_BASE}/docs`, { doc_type: docType, keyword }),
  peopleOfDoc: (docType: string, docId: number) => api.get<{ rows: Person[] }>(`${TICKET_BASE}/people`, { doc_type: docType, doc_id: docId }),
  peopleOfTicket: (id: number) => api.get<{ rows: Person[] }>(`${TICKET_BASE}/people`, { id }),
  save: (body: Record<string, unknown>) => api.post<Ticket>(`${TICKET_BASE}/save`, body),
  move: (action: 'close' | 'finish' | 'reopen', body: { id: number; version: number; solution?: string }) => api.post<Ticket>(`${TICKET_BASE}/${action}`, body),
  addMember: (id: number, userId: number, role: string) => api.post<{ members: Member[] }>(`${TICKET_BASE}/add-member`, { id, user_id: userId, role }),
  quit: (id: number) => api.post<{ members: Member[] }>(`${TICKET_BASE}/quit`, { id }),
  comment: (id: number, content: string, files: number[]) => api.post<{ comments: Comment[] }>(`${TICKET_BASE}/comment`, { id, content, files }),
  removeComment: (id: number) => request<{ ticket_id: number }>(`${TICKET_BASE}/comment-remove`, { method: 'DELETE', query: { id } }),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return request<Attachment>(`${TICKET_BASE}/upload`, { method: 'POST', body: form });
  },
};

/** A comment file's address (the elements that show it exchange it for a signed link, engine/file-src.ts). */
export const ticketFileUrl = (a: { key: string }): string => storedFileUrl(a.key);
