import type { Row } from '../../api/entity-api';

/**
 * Which state actions an order offers, from its entity and status (spec 4): the brand's requirement
 * order is sent to the maker (draft or rejected), allocated from the published plan, cancelled while
 * open, finished by hand when the maker is not on the platform; the maker's customer order is accepted
 * or rejected while pending and finished while in progress. The server checks every one again.
 */
export type OrderAction = 'send' | 'allocate' | 'cancel' | 'finish' | 'accept' | 'reject';

const PR_ORDER: Record<OrderAction, string[]> = {
  send: ['draft', 'rejected'],
  allocate: ['draft', 'rejected'],
  cancel: ['draft', 'sent', 'manual', 'rejected', 'in_progress'],
  finish: ['manual'],
  accept: [],
  reject: [],
};

const CUSTOMER_ORDER: Record<OrderAction, string[]> = {
  send: [],
  allocate: [],
  cancel: [],
  finish: ['in_progress'],
  accept: ['pending'],
  reject: ['pending'],
};

export function orderActions(entity: string, row: Row | null): OrderAction[] {
  if (!row || row.id === undefined || row.id === null) return [];
  const table = entity === 'prorder' ? PR_ORDER : entity === 'customerorder' ? CUSTOMER_ORDER : null;
  if (!table) return [];
  const status = String(row.status ?? '');
  return (Object.keys(table) as OrderAction[]).filter((a) => table[a].includes(status));
}

/**
 * Whether the stored order may be edited in the form: not in a locked state, and for the maker not a
 * copy shared by a brand (that one changes only through accept, reject and finish).
 */
export function orderEditable(entity: string, row: Row | null, locked: readonly string[]): boolean {
  if (!row) return true;
  if (locked.includes(String(row.status ?? ''))) return false;
  return !(entity === 'customerorder' && row.share_id);
}
