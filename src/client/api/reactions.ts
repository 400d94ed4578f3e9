import { TOAST_MS } from '../kernel/toast-bus';
import { VALIDATION_CODE } from './client';

/**
 * What a failed call was doing when it was not a save (spec 8 "General" messages): a removal, an
 * upload, a submission, a publication, marking as read, a sync, a download, an action.
 * Its toast then opens with that action's own failure text ("删除失败：…", "发布失败：…") instead of
 * "保存失败！" or "提交信息有误:", followed by what the server said.
 */
export type FailureKind = 'delete' | 'upload' | 'submit' | 'publish' | 'markRead' | 'sync' | 'download' | 'action';

/** The catalogue key of each kind's toast (`{{message}}`: the server's text). */
export const FAILURE_KEYS: Record<FailureKind, string> = {
  delete: 'fail.delete',
  upload: 'fail.upload',
  submit: 'fail.submit',
  publish: 'fail.publish',
  markRead: 'fail.markRead',
  sync: 'fail.sync',
  download: 'fail.download',
  action: 'fail.action',
};

/** What the browser needs to know about a failed call to react to it (a subset of ApiError). */
export type FailedCall = {
  status: number;
  code: number | null;
  message: string;
  errors: Record<string, string | string[]> | null;
  network: boolean;
  /** What the call was doing, when it was not a save. */
  failure?: FailureKind | null;
};

/** A translatable text: a catalogue key with parameters, plus text appended untranslated. */
export type ReactionText = { key: string; params?: Record<string, string | number>; suffix?: string };

/**
 * The browser's reaction to a failed call (spec 8 "Reactions to server replies"):
 * - `signOut`: HTTP 401, signs out with no message;
 * - `log`: a network error, only logged;
 * - `toast`: an error toast; `fieldErrors` are mapped onto the form's fields; `closable` adds a
 *   close action, `contactAdmin` a contact-administrator action; `timeoutMs` per spec 9.
 */
export type Reaction =
  | { kind: 'signOut' }
  | { kind: 'log' }
  | {
      kind: 'toast';
      text: ReactionText;
      timeoutMs: number;
      closable: boolean;
      contactAdmin: boolean;
      fieldErrors: Record<string, string>;
    };

/** Spec 9 toast durations (kept with the toast bus). */
export { TOAST_MS };

/** One field's server error as text: a string, or a list joined by comma (spec 8). */
export function fieldErrorText(value: string | string[] | unknown): string {
  if (Array.isArray(value)) return value.map((v) => String(v)).join(',');
  return value === null || value === undefined ? '' : String(value);
}

/** Every field's error as text, keyed by field (the rules table's `rows[3].field` keys kept). */
export function fieldErrorsOf(errors: Record<string, string | string[]> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(errors ?? {})) {
    const text = fieldErrorText(value);
    if (text) out[field] = text;
  }
  return out;
}

/**
 * The errors text appended to "保存失败！": each field's message after its field's name (issue 21: a
 * toast never lists messages without their fields). A field the labeller cannot name (a screen
 * that is not a registry entity's) shows its message alone, never a raw key; without a labeller the
 * messages are joined by comma as spec 8 says.
 */
export function errorsText(errors: Record<string, string | string[]> | null | undefined, labelOf?: (key: string) => string | null): string {
  return Object.entries(fieldErrorsOf(errors))
    .map(([k, text]) => {
      const name = labelOf?.(k);
      return name ? `${name}：${text}` : text;
    })
    .join(labelOf ? '；' : ',');
}

/**
 * Maps a failed call to the reaction of spec 8. Pure, so that every branch is unit-tested.
 *
 * Order matters: a 401 signs out whatever the body; 11000 wins over the HTTP status (the server
 * sends it as 400); a reply that came back HTTP-ok with a non-OK code is "保存失败！"; then the
 * HTTP error branches; a call without response is "服务器错误" unless it is a network error.
 */
export function reactionTo(call: FailedCall, labelOf?: (key: string) => string | null): Reaction {
  if (call.status === 401) return { kind: 'signOut' };
  if (call.network) return { kind: 'log' };
  if (call.status === 0) {
    return { kind: 'toast', text: { key: 'form.serverError' }, timeoutMs: TOAST_MS.error, closable: true, contactAdmin: true, fieldErrors: {} };
  }
  const failureKey = call.failure ? FAILURE_KEYS[call.failure] : null;
  // A save's refusal is "保存失败！" plus the text (spec 8); another action's opens with its own failure text.
  const refused = (text: string): ReactionText => (failureKey ? { key: failureKey, params: { message: text } } : { key: 'form.saveFailed', suffix: text });
  if (call.code === VALIDATION_CODE) {
    const text = errorsText(call.errors, labelOf) || call.message;
    return { kind: 'toast', text: refused(text), timeoutMs: TOAST_MS.error, closable: true, contactAdmin: false, fieldErrors: fieldErrorsOf(call.errors) };
  }
  if (call.status >= 200 && call.status < 300) {
    const text = errorsText(call.errors, labelOf) || call.message;
    return { kind: 'toast', text: refused(text), timeoutMs: TOAST_MS.error, closable: true, contactAdmin: false, fieldErrors: {} };
  }
  if (call.message) {
    return {
      kind: 'toast',
      text: failureKey ? { key: failureKey, params: { message: call.message } } : { key: 'form.submitInvalid', params: { message: call.message } },
      timeoutMs: TOAST_MS.error,
      closable: true,
      contactAdmin: call.code === 500 || call.status === 500,
      fieldErrors: {},
    };
  }
  return { kind: 'toast', text: { key: 'form.notFoundService', params: { status: call.status } }, timeoutMs: TOAST_MS.error, closable: true, contactAdmin: call.status === 500, fieldErrors: {} };
}
