import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, Option, Spinner, Text, Textarea } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryItems } from '../../model/dictionaries';
import type { FieldDef, TransitionDef } from '../../model/entity';
import { validateField } from '../../model/validate';
import { useReferenceRows } from '../api/use-options';
import { CellsParam } from './CellsParam';
import { SearchedReferenceParam } from './SearchedReferenceParam';
import { cellsState } from './cells-param';
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
 * A reference parameter: a choice among the rows its `where` allows (code and label), the only one
 * chosen at once; a warning when there is none.
 */
function ReferenceParam({ p, value, onChange }: { p: FieldDef; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const rows = useReferenceRows(p.ref);
  const only = rows?.length === 1 ? String(rows[0].id) : null;
  useEffect(() => {
    if (only && !value) onChange(only);
  }, [only, value, onChange]);
  if (!rows) return <Spinner size="tiny" />;
  const text = (r: Record<string, unknown>) => [p.ref?.codeField ? r[p.ref.codeField] : null, r[p.ref?.labelField ?? 'name']].filter(Boolean).map(String).join(' ');
  const chosen = rows.find((r) => String(r.id) === value);
  if (!rows.length) return <Text role="alert" data-testid={`param-${p.key}-none`}>{t('engine.noOptions')}</Text>;
  return (
    <Dropdown data-testid={`param-${p.key}`} value={chosen ? text(chosen) : ''} selectedOptions={value ? [value] : []} onOptionSelect={(_, d) => onChange(d.optionValue ?? '')}>
      {rows.map((r) => <Option key={String(r.id)} value={String(r.id)} text={text(r)}>{text(r)}</Option>)}
    </Dropdown>
  );
}

/** One parameter's input in a transition's dialog: a long text, a dictionary's choice, a reference's row or a line. */
function ParamInput({ p, value, onChange }: { p: FieldDef; value: string; onChange: (v: string) => void }) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  if (p.type === 'reference' && p.ref?.searched) return <SearchedReferenceParam p={p} value={value} onChange={onChange} />;
  if (p.type === 'reference' && p.ref) return <ReferenceParam p={p} value={value} onChange={onChange} />;
  if (p.type === 'textarea') return <Textarea data-testid={`param-${p.key}`} value={value} onChange={(_, d) => onChange(d.value)} />;
  if (p.type === 'dict' && p.dict) {
    // A choice among the dictionary's items (a verdict, a reason code), not a typed code.
    const items = dictionaryItems(p.dict) ?? [];
    const it = items.find((x) => x.value === value);
    return (
      <Dropdown data-testid={`param-${p.key}`} value={it ? (en ? it.label.en : it.label.zh) : ''} selectedOptions={value ? [value] : []} onOptionSelect={(_, d) => onChange(d.optionValue ?? '')}>
        {items.map((x) => <Option key={x.value} value={x.value}>{en ? x.label.en : x.label.zh}</Option>)}
      </Dropdown>
    );
  }
  return <Input data-testid={`param-${p.key}`} value={value} onChange={(_, d) => onChange(d.value)} />;
}

/**
 * A state-machine action with parameters (a reject reason, ...) or a confirmation: the entity
 * declares them on the transition; the server validates the parameters again. A question the server
 * asks instead of refusing (the transition's `ask`) is shown over it; confirmed, the action is sent
 * again with that parameter true.
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
  const [asked, setAsked] = useState<{ text: string; params: Record<string, unknown> } | null>(null);
  const tr = props.transition;
  if (!tr) return null;
  const inputs = (tr.params ?? []).filter((p) => p.key !== tr.ask);
  const send = async (out: Record<string, unknown>) => {
    const refused = await props.onRun(out);
    const question = refused && tr.ask ? refused[tr.ask] : undefined;
    setAsked(question ? { text: question, params: { ...out, [tr.ask as string]: true } } : null);
    if (!question && refused && Object.keys(refused).length) setErrors(refused);
  };
  // A field whose message shows is checked again as it is edited: the message goes once the value
  // holds (a refusal of the server's too), and says what is wrong now while it does not.
  const edit = (p: (typeof inputs)[number], v: string) => {
    setValues((x) => ({ ...x, [p.key]: v }));
    if (!errors[p.key]) return;
    const r = validateField(p, v);
    setErrors(({ [p.key]: _was, ...rest }) => (r.error ? { ...rest, [p.key]: t(r.error.key, r.error.params ?? {}) } : rest));
  };
  const run = async () => {
    const errs: Record<string, string> = {};
    const out: Record<string, unknown> = {};
    for (const p of inputs) {
      const r = validateField(p, values[p.key] ?? '');
      if (r.error) errs[p.key] = t(r.error.key, r.error.params ?? {});
      else out[p.key] = r.value;
    }
    // A cells parameter is sent only once every typed cell holds (the problems show under their cells).
    if (tr.cells && (!props.record || cellsState(tr.cells, props.record, values[tr.cells.param] ?? '').problems.size)) return;
    setErrors(errs);
    if (!Object.keys(errs).length) await send(out);
  };
  return (
    <>
      <Dialog open={!asked} onOpenChange={(_, d) => !d.open && props.onCancel()}>
        <DialogSurface data-testid={`transition-dialog-${tr.action}`} style={tr.cells ? { maxWidth: 760 } : undefined}>
          <DialogBody>
            <DialogTitle>{en ? tr.label.en : tr.label.zh}</DialogTitle>
            <DialogContent>
              {tr.confirm && <p>{en ? tr.confirm.en : tr.confirm.zh}</p>}
              {!props.record && <p>{t('engine.selected', { count: props.count })}</p>}
              {inputs.map((p) => (
                <Field key={p.key} label={en ? p.label.en : p.label.zh} required={p.required} validationMessage={errors[p.key]} validationState={errors[p.key] ? 'error' : 'none'}>
                  {tr.cells?.param !== p.key ? (
                    <ParamInput p={p} value={values[p.key] ?? ''} onChange={(v) => edit(p, v)} />
                  ) : props.record ? (
                    <CellsParam decl={tr.cells} record={props.record} value={values[p.key] ?? ''} onChange={(v) => setValues((x) => ({ ...x, [p.key]: v }))} errors={errors} />
                  ) : (
                    <p role="alert">{t('engine.cells.pickOne')}</p>
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
      {asked && <ConfirmDialog open text={asked.text} onCancel={() => setAsked(null)} onConfirm={() => void send(asked.params)} />}
    </>
  );
}
