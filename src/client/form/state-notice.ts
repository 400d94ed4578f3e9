import type { EntityDef, StateNotice } from '../../model/entity';
import { evaluateCondition } from '../../model/expression';

export type NoticeView = { intent: StateNotice['intent']; title?: string; text: string };

type Translate = (key: string, params?: Record<string, unknown>) => string;

/**
 * The notice bar of a record, from its state's declaration (the entity's state machine): what the
 * state means for the person looking at it; of a list, the first whose `when` holds. Null when the
 * state declares none, when no `when` condition holds for the record, or when there is nothing to
 * say (an empty reason).
 */
export function stateNoticeOf(entity: Pick<EntityDef, 'states'>, record: Record<string, unknown> | null, t: Translate): NoticeView | null {
  const machine = entity.states;
  if (!machine || !record) return null;
  const state = machine.states.find((s) => s.code === String(record[machine.field] ?? ''));
  const declared = state?.notice;
  const notice = (Array.isArray(declared) ? declared : declared ? [declared] : []).find((n) => evaluateCondition(n.when, { form: record }));
  if (!notice) return null;
  const params = Object.fromEntries(Object.entries(notice.params ?? {}).map(([name, field]) => [name, String(record[field] ?? '')]));
  const text = notice.textField ? String(record[notice.textField] ?? '') : notice.text ? t(notice.text, params) : '';
  const title = notice.title ? t(notice.title, params) : undefined;
  if (!text && !title) return null;
  return { intent: notice.intent, title, text };
}
