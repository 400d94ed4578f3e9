/**
 * What a notice is about and how it may reach a person (issue 15, spec 7 notify-msg). Every notice a
 * module raises has a `kind` (`order.received`, `ticket.closed`, ...); settings are kept per event,
 * the kind's area (order, approval, node, ...), so a person chooses "tickets by mail" once rather
 * than for each of a ticket's steps. Channels: the in-app notice (the bell), e-mail through the
 * outbox and SMTP, and the company's workplace chat (WeCom or DingTalk, the provider the person's
 * account is bound to).
 */
export const NOTICE_EVENTS = ['order', 'purchase', 'allocation', 'approval', 'node', 'outsource', 'sourcing', 'sample', 'finance', 'ticket', 'announcement', 'friend', 'alert'] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

export const NOTICE_CHANNELS = ['site', 'email', 'workchat'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

/** Where nobody chose: the bell only. */
export const DEFAULT_NOTICE_CHANNELS: readonly NoticeChannel[] = ['site'];

/** Kinds whose area is spelled differently from the event. */
const KIND_AREA: Record<string, NoticeEvent> = { nodetrack: 'node' };

/** The event a notice kind belongs to; null for a kind of no declared event (a misuse, refused by `raiseNotice`). */
export function noticeEventOf(kind: string): NoticeEvent | null {
  const area = kind.split('.')[0];
  const event = KIND_AREA[area] ?? area;
  return (NOTICE_EVENTS as readonly string[]).includes(event) ? (event as NoticeEvent) : null;
}

export const isNoticeChannel = (v: unknown): v is NoticeChannel => typeof v === 'string' && (NOTICE_CHANNELS as readonly string[]).includes(v);
export const isNoticeEvent = (v: unknown): v is NoticeEvent => typeof v === 'string' && (NOTICE_EVENTS as readonly string[]).includes(v);

/**
 * The channels a notice of `event` takes to one person: the person's own choice, else the company's
 * notification setting for that event, else the bell. Channels the person cannot be reached by
 * (no e-mail address, no workplace-chat binding) are dropped; when that leaves nothing, the bell
 * still rings, so no notice is lost silently.
 */
export function resolveNoticeChannels(input: {
  user: readonly string[] | null;
  company: readonly string[] | null;
  reachable: { email: boolean; workchat: boolean };
}): NoticeChannel[] {
  const chosen = (input.user ?? input.company ?? DEFAULT_NOTICE_CHANNELS).filter(isNoticeChannel);
  const out = [...new Set(chosen)].filter((c) => c === 'site' || input.reachable[c]);
  return out.length ? out : ['site'];
}

/**
 * The state changes of a shared document that tell the other company's responsible users (issue
 * 29): entity -> new state -> notice kind. Every state change of a shared document reaches the
 * companies' open lists over the socket (services/orders/cross-tenant.util.ts
 * `sharedDocumentChanged`); only those declared here also raise a notice, in the receiving company,
 * named by the document's number, with who changed it, from which state to which, and a link that
 * opens it. The arrival of a new copy (an order received, an outsourced task received, a sample
 * requested) keeps the notice its service raises with the copy's particulars, so it is not listed
 * here, and nobody is told twice. The kind's area is the notice event a person chooses channels for.
 */
export const SHARED_STATE_NOTICES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  purorder: { confirmed: 'purchase.confirmed', rejected: 'purchase.rejected', dispatched: 'purchase.dispatched' },
  // The brand's requirement order as the maker answers it; the maker's customer order as the brand cancels it.
  prorder: { in_progress: 'order.accepted', rejected: 'order.rejected', finished: 'order.finished' },
  customerorder: { cancelled: 'order.cancelled' },
  // The maker's outsourced order as the vendor answers it; the vendor's task as the maker receives or cancels it.
  outsourceorder: { accepted: 'outsource.accepted', rejected: 'outsource.rejected', dispatched: 'outsource.dispatched' },
  outsourcetask: { received: 'outsource.goodsReceived', cancelled: 'outsource.cancelled' },
  // The buyer's sourcing record as a supplier posts its application; the supplier's application as the buyer decides.
  srcrecord: { submitted: 'sourcing.applied', withdrawn: 'sourcing.withdrawn' },
  srcapplication: { candidate: 'sourcing.candidate', stopped: 'sourcing.stopped', selected: 'sourcing.awarded', closed: 'sourcing.closed' },
  // Each company's copy of a statement as the other sends, re-matches, confirms or cancels it.
  finstatement: { matching: 'finance.matching', buyer_confirmed: 'finance.confirmed', seller_confirmed: 'finance.confirmed', locked: 'finance.locked', cancelled: 'finance.cancelled' },
  // The requester's record as the maker accepts and submits; the maker's copy as the requester decides.
  samplerequest: {
    in_progress: 'sample.accept', submitted: 'sample.submit', approved: 'sample.approve', rejected: 'sample.reject', requested: 'sample.resample', cancelled: 'sample.cancel',
  },
};

/** The notice kind of a shared document's change to `state`, or null when that change raises none. */
export function sharedStateNoticeKind(entity: string, state: string): string | null {
  return SHARED_STATE_NOTICES[entity]?.[state] ?? null;
}
