import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, Option, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryItems } from '../../model/dictionaries';
import type { TransitionDef } from '../../model/entity';
import { validateField } from '../../model/validate';
import { transitionDefaults } from './transition-defaults';

/** Asks before a destructive or final step (remove, freeze, ...). */
export function ConfirmDialog(props: { open: boolean; text: string; onConfirm: () => void; onCancel: () => void; danger?: boolean }) {
  const { t } = useTranslation();
  return (
    <Dialog open={props.open} onOpenChange={(_, d) => !d.open && props.onCancel()} modalType="alert">
      <DialogSurface aria-describedby="confirm-text">
        <DialogBody>
          <DialogTitle>{t('engine.confirmTitle')}</DialogTitle>
          <DialogContent id="confirm-text">{props.text}</DialogContent>
          <DialogActions>
            <Button onClick={props.onCancel}>{t('engine.cancel')}</Button>
            <Button appearance="primary" onClick={props.onConfirm} data-testid="confirm-ok">{t('engine.confirm')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * A state-machine action with parameters (a reject reason, ...) or a confirmation: the entity
 * declares them on the transition; the server validates the parameters again.
 */
export function TransitionDialog(props: {
  transition: TransitionDef | null;
  count: number;
  /** Runs the action; a reply of field errors (the server refused a parameter) keeps the dialog open with each under its field. */
  onRun: (params: Record<string, unknown>) => void | Promise<Record<string, string> | null | void>;
  onCancel: () => void;
  /** The record the action runs on (opened from its form): the parameters start with the transition's `defaults`. */
  record?: Record<string, unknown> | null;
}) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [values, setValues] = useState<Record<string, string>>(() => (props.transition ? transitionDefaults(props.transition, props.record, new Date()) : {}));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const tr = props.transition;
  if (!tr) return null;
  const run = async () => {
    const errs: Record<string, string> = {};
    const out: Record<string, unknown> = {};
    for (const p of tr.params ?? []) {
      const r = validateField(p, values[p.key] ?? '');
      if (r.error) errs[p.key] = t(r.error.key, r.error.params ?? {});
      else out[p.key] = r.value;
    }
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const refused = await props.onRun(out);
    if (refused && Object.keys(refused).length) setErrors(refused);
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onCancel()}>
      <DialogSurface data-testid={`transition-dialog-${tr.action}`}>
        <DialogBody>
          <DialogTitle>{en ? tr.label.en : tr.label.zh}</DialogTitle>
          <DialogContent>
            {tr.confirm && <p>{en ? tr.confirm.en : tr.confirm.zh}</p>}
            {!props.record && <p>{t('engine.selected', { count: props.count })}</p>}
            {(tr.params ?? []).map((p) => (
              <Field key={p.key} label={en ? p.label.en : p.label.zh} required={p.required} validationMessage={errors[p.key]} validationState={errors[p.key] ? 'error' : 'none'}>
                {p.type === 'textarea' ? (
                  <Textarea data-testid={`param-${p.key}`} value={values[p.key] ?? ''} onChange={(_, d) => setValues((v) => ({ ...v, [p.key]: d.value }))} />
                ) : p.type === 'dict' && p.dict ? (
                  // A choice among the dictionary's items (a verdict, a reason code), not a typed code.
                  <Dropdown
                    data-testid={`param-${p.key}`}
                    value={(() => { const it = dictionaryItems(p.dict)?.find((x) => x.value === values[p.key]); return it ? (en ? it.label.en : it.label.zh) : ''; })()}
                    selectedOptions={values[p.key] ? [values[p.key]] : []}
                    onOptionSelect={(_, d) => setValues((v) => ({ ...v, [p.key]: d.optionValue ?? '' }))}
                  >
                    {(dictionaryItems(p.dict) ?? []).map((x) => <Option key={x.value} value={x.value}>{en ? x.label.en : x.label.zh}</Option>)}
                  </Dropdown>
                ) : (
                  <Input data-testid={`param-${p.key}`} value={values[p.key] ?? ''} onChange={(_, d) => setValues((v) => ({ ...v, [p.key]: d.value }))} />
                )}
              </Field>
            ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onCancel}>{t('engine.cancel')}</Button>
            <Button appearance="primary" onClick={() => void run()} data-testid="transition-ok">{t('engine.confirm')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
