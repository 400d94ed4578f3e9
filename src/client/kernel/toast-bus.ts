/** How long toasts stay (spec 9): success 2 s, errors 3 s, notifications 10 s. */
export const TOAST_MS = { success: 2000, error: 3000, notification: 10000 } as const;

/** Details a contact-administrator action shows, so the user can pass them on. */
export type ErrorDetails = { status: number; code: number | null; message: string; path: string; at: string };

/**
 * A toast request. Spec 9: success toasts last 2 s, error toasts 3 s or until closed,
 * notification toasts 10 s; all in the top-right corner (ToastHost).
 */
export type ToastRequest = {
  intent: 'success' | 'error' | 'warning' | 'info';
  title?: string;
  body: string;
  timeoutMs: number;
  closable: boolean;
  contactAdmin?: ErrorDetails;
  /** A link the toast offers (notification toasts open their URL). */
  link?: { label: string; href: string };
};

type Dispatcher = (request: ToastRequest) => void;
let dispatcher: Dispatcher | null = null;
const pending: ToastRequest[] = [];

/** The toast host registers itself here; toasts raised before it mounts wait for it. */
export function registerToastDispatcher(d: Dispatcher | null): void {
  dispatcher = d;
  if (d) while (pending.length) d(pending.shift() as ToastRequest);
}

function show(request: ToastRequest): void {
  if (dispatcher) dispatcher(request);
  else pending.push(request);
}

export const toast = {
  success: (body: string) => show({ intent: 'success', body, timeoutMs: TOAST_MS.success, closable: false }),
  error: (body: string, options: { contactAdmin?: ErrorDetails; closable?: boolean; timeoutMs?: number } = {}) =>
    show({ intent: 'error', body, timeoutMs: options.timeoutMs ?? TOAST_MS.error, closable: options.closable ?? true, contactAdmin: options.contactAdmin }),
  warning: (body: string) => show({ intent: 'warning', body, timeoutMs: TOAST_MS.error, closable: true }),
  notification: (title: string, body: string, link?: { label: string; href: string }) =>
    show({ intent: 'info', title, body, timeoutMs: TOAST_MS.notification, closable: true, link }),
};
