import { Button, Input } from '@fluentui/react-components';
import { CalendarRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The one way dates are written in the product, whatever the browser's locale (issue 21). */
export type DateKind = 'date' | 'month' | 'datetime';

const PATTERN: Record<DateKind, RegExp> = {
  date: /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/,
  month: /^(\d{4})[-/.年](\d{1,2})月?$/,
  datetime: /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/,
};
const pad = (n: string) => n.padStart(2, '0');

/**
 * A typed date in the product's format: YYYY-MM-DD, YYYY-MM, YYYY-MM-DD HH:mm:ss. Accepts the
 * usual ways people type one (2026/11/24, 2026.11.24, 2026年11月24日, 20261124); anything else is
 * returned as typed, for the field's rules to refuse with their message.
 */
export function normaliseDate(kind: DateKind, text: string): string {
  const v = text.trim();
  if (!v) return '';
  if (kind === 'date' && /^\d{8}$/.test(v)) return `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
  if (kind === 'month' && /^\d{6}$/.test(v)) return `${v.slice(0, 4)}-${v.slice(4, 6)}`;
  const m = PATTERN[kind].exec(v);
  if (!m) return v;
  if (kind === 'month') return `${m[1]}-${pad(m[2])}`;
  if (kind === 'date') return `${m[1]}-${pad(m[2])}-${pad(m[3])}`;
  return `${m[1]}-${pad(m[2])}-${pad(m[3])} ${pad(m[4])}:${m[5]}:${m[6] ?? '00'}`;
}

const NATIVE: Record<DateKind, string> = { date: 'date', month: 'month', datetime: 'datetime-local' };
const PLACEHOLDER: Record<DateKind, string> = { date: 'YYYY-MM-DD', month: 'YYYY-MM', datetime: 'YYYY-MM-DD HH:mm:ss' };

type Props = {
  kind: DateKind;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  id?: string;
  disabled?: boolean;
  invalid?: boolean;
  testId?: string;
  ariaLabel?: string;
};

/**
 * A date field that shows and takes the product's format in every language and browser (a native
 * date input shows mm/dd/yyyy in an English browser and yyyy/mm/dd in a Chinese one): a text input,
 * normalised on blur, with a button opening the browser's own calendar on a hidden native input.
 */
export function DateText(p: Props) {
  const { t } = useTranslation();
  const native = useRef<HTMLInputElement>(null);
  const nativeValue = p.kind === 'datetime' ? p.value.replace(' ', 'T').slice(0, 19) : p.value;
  const openPicker = () => {
    const el = native.current;
    if (!el) return;
    try {
      el.showPicker();
    } catch {
      el.focus();
    }
  };
  return (
    <span style={{ position: 'relative', display: 'inline-flex', width: '100%' }}>
      <Input
        id={p.id}
        style={{ width: '100%' }}
        value={p.value}
        disabled={p.disabled}
        placeholder={PLACEHOLDER[p.kind]}
        aria-invalid={p.invalid}
        data-testid={p.testId}
        aria-label={p.ariaLabel}
        data-date-kind={p.kind}
        onChange={(_, d) => p.onChange(d.value)}
        onBlur={(e) => {
          const v = normaliseDate(p.kind, e.target.value);
          if (v !== p.value) p.onChange(v);
          p.onBlur?.();
        }}
        contentAfter={<Button appearance="transparent" size="small" icon={<CalendarRegular />} aria-label={t('ui.common.pickDate')} disabled={p.disabled} onClick={openPicker} />}
      />
      <input
        ref={native}
        type={NATIVE[p.kind]}
        step={p.kind === 'datetime' ? 1 : undefined}
        tabIndex={-1}
        aria-hidden
        value={nativeValue}
        onChange={(e) => {
          const v = e.target.value;
          p.onChange(p.kind === 'datetime' ? normaliseDate('datetime', v.replace('T', ' ')) : v);
        }}
        style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none', border: 0, padding: 0 }}
      />
    </span>
  );
}

/**
 * A date box outside a form (a filter, a range, a dialog): the product's date format like every
 * form's date field, and its owner hears a value only when it is a whole date or empty, so a half
 * typed date never runs a query.
 */
export function DateBox(p: { value: string; onChange: (value: string) => void; ariaLabel?: string; testId?: string; disabled?: boolean; width?: number }) {
  const [text, setText] = useState(p.value);
  useEffect(() => setText(p.value), [p.value]);
  return (
    <span style={{ display: 'inline-flex', width: p.width ?? 150 }}>
      <DateText
        kind="date"
        value={text}
        ariaLabel={p.ariaLabel}
        testId={p.testId}
        disabled={p.disabled}
        onChange={(v) => {
          setText(v);
          if (v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v)) p.onChange(v);
        }}
      />
    </span>
  );
}
