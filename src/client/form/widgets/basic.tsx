import { Button, Input, Switch, Textarea } from '@fluentui/react-components';
import { LocationRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from './date-input';
import { asText, type WidgetProps } from './types';

/** Plain input: text, password, date (YYYY-MM-DD) or month (YYYY-MM) per spec 3 `inputType`. */
export function PlainInput(p: WidgetProps) {
  const kind = p.field.inputType === 'date' || p.field.inputType === 'month' || p.field.inputType === 'password' ? p.field.inputType : 'text';
  const { t } = useTranslation();
  if (kind === 'date' || kind === 'month') return <DateText id={p.id} kind={kind} value={asText(p.value)} disabled={p.disabled} invalid={p.invalid} onChange={(v) => p.onChange(v)} onBlur={p.onBlur} />;
  const auto = p.field.def && p.field.field === 'code' && !p.values.id;
  return (
    <Input
      id={p.id}
      type={kind}
      value={asText(p.value)}
      disabled={p.disabled}
      maxLength={p.field.maxLength}
      placeholder={auto ? t('engine.autoNumber') : undefined}
      onChange={(_, d) => p.onChange(d.value)}
      onBlur={p.onBlur}
      aria-invalid={p.invalid}
      input={p.field.upperCase ? { style: { textTransform: 'uppercase' } } : p.field.lowerCase ? { style: { textTransform: 'lowercase' } } : undefined}
    />
  );
}

/** Numbers are edited as text so the rules see what was typed (leading zeros, 4 vs 5 decimals). */
export function NumberInput(p: WidgetProps) {
  return (
    <Input
      id={p.id}
      inputMode="decimal"
      value={asText(p.value)}
      disabled={p.disabled}
      onChange={(_, d) => p.onChange(d.value)}
      onBlur={p.onBlur}
      aria-invalid={p.invalid}
      input={{ style: { textAlign: 'right' } }}
    />
  );
}

export function TextareaInput(p: WidgetProps) {
  return <Textarea id={p.id} value={asText(p.value)} disabled={p.disabled} maxLength={p.field.maxLength} resize="vertical" onChange={(_, d) => p.onChange(d.value)} onBlur={p.onBlur} aria-invalid={p.invalid} />;
}

export function SwitchInput(p: WidgetProps) {
  const { t } = useTranslation();
  const on = p.value === true || p.value === 'true' || p.value === 1 || p.value === '1';
  return <Switch id={p.id} checked={on} disabled={p.disabled} label={on ? t('engine.yes') : t('engine.no')} onChange={(_, d) => p.onChange(d.checked)} />;
}

/** Spec 5 datetime: stored and shown as 'YYYY-MM-DD HH:mm:ss' in every language (DateText). */
export function DateTimeInput(p: WidgetProps) {
  return <DateText id={p.id} kind="datetime" value={asText(p.value)} disabled={p.disabled} invalid={p.invalid} onChange={(v) => p.onChange(v)} onBlur={p.onBlur} />;
}

/**
 * runtimeLocation: the position of the device when the form is filled (latitude,longitude). It is
 * never validated (spec 5), since a browser may refuse to give it.
 */
export function RuntimeLocationInput(p: WidgetProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const locate = () => {
    if (!('geolocation' in navigator)) return setState('failed');
    setState('busy');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setState('idle');
        p.onChange(`${pos.coords.latitude.toFixed(6)},${pos.coords.longitude.toFixed(6)}`);
      },
      () => setState('failed'),
      { timeout: 10000 },
    );
  };
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      <Input id={p.id} readOnly value={asText(p.value)} placeholder={state === 'failed' ? t('engine.locateFailed') : ''} style={{ flex: 1 }} />
      <Button icon={<LocationRegular />} disabled={p.disabled || state === 'busy'} onClick={locate}>
        {state === 'busy' ? t('engine.locating') : t('engine.locate')}
      </Button>
    </div>
  );
}
