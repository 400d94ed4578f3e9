import { isDefaultToken, resolveDefaultToken } from '../../model/default-tokens';
import type { TransitionDef } from '../../model/entity';
import { evaluate } from '../../model/expression';

/**
 * What the parameters of a transition start with in its dialog opened from a record
 * (`TransitionDef.defaults`): a default-value token (`$$NOW$$`) or an expression over the record
 * (`settle_total - invoiced_total`); money rounded to cents. Opened from a list (no record), tokens
 * and plain numbers (`'50'`) still apply. A parameter whose expression fails or
 * gives nothing starts empty.
 *
 * Example: `transitionDefaults(pay, { settle_total: 100, paid_total: 60 }, now)` is `{ amount: '40.00', doc_date: '2026-12-05' }`.
 */
export function transitionDefaults(tr: Pick<TransitionDef, 'defaults' | 'params'>, record: Record<string, unknown> | null | undefined, now: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, source] of Object.entries(tr.defaults ?? {})) {
    const param = tr.params?.find((p) => p.key === key);
    // A number (`'50'`) needs no record: it starts the parameter in a list's dialog too.
    const value = isDefaultToken(source) ? resolveDefaultToken(source, { now }) : record ? evaluateValue(source, record) : /^-?\d+(\.\d+)?$/.test(source) ? source : null;
    if (value === null || value === undefined || value === '') continue;
    out[key] = param?.type === 'money' && Number.isFinite(Number(value)) ? (Math.round(Number(value) * 100) / 100).toFixed(2) : String(value);
  }
  return out;
}

function evaluateValue(source: string, record: Record<string, unknown>): unknown {
  const r = evaluate(source, { form: record });
  return r.ok ? r.value : null;
}
