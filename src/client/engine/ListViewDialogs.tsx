import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Text, makeStyles } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_VIEW_LIMITS, type ViewRole } from '../../model/list-views';
import { ApiError } from '../api/client';
import { fieldErrorsOf } from '../api/reactions';
import { toast } from '../kernel/toast-bus';

const useStyles = makeStyles({
  roles: { display: 'flex', flexDirection: 'column', gap: '2px', maxHeight: '320px', overflowY: 'auto' },
});

/** A refused write: a field error under its field where the dialog has it, else the message as a toast. */
function fieldErrorOrToast(e: unknown, field: string): string | null {
  if (e instanceof ApiError) {
    const all = fieldErrorsOf(e.errors);
    if (all[field]) return all[field];
    toast.error(Object.values(all)[0] ?? e.message);
    return null;
  }
  toast.error(String(e));
  return null;
}

/**
 * A view's name, asked for "save as" and "rename": the server's refusal (an empty or taken name)
 * shows under the field and keeps the dialog open.
 */
export function ViewNameDialog(props: { title: string; initial: string; onSubmit: (name: string) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    setBusy(true);
    try {
      await props.onSubmit(name);
      props.onClose();
    } catch (err) {
      setError(fieldErrorOrToast(err, 'name'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface>
        <form onSubmit={(e) => void submit(e)}>
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent>
              <Field label={t('listView.name')} required validationMessage={error ?? undefined} validationState={error ? 'error' : 'none'}>
                <Input value={name} maxLength={LIST_VIEW_LIMITS.name} autoFocus onChange={(_, d) => { setName(d.value); setError(null); }} data-testid="view-name" />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button onClick={props.onClose}>{t('engine.cancel')}</Button>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="view-name-ok">{t('engine.save')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * Roles to choose for a view (an administrator's): those it is shared with, or those it is the
 * default view of. `hint` says what an empty choice means.
 */
export function ViewRolesDialog(props: { title: string; hint: string; roles: readonly ViewRole[]; initial: readonly string[]; onSubmit: (roles: string[]) => Promise<void>; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const s = useStyles();
  const en = i18n.language === 'en';
  const [chosen, setChosen] = useState<string[]>([...props.initial]);
  const [busy, setBusy] = useState(false);
  const toggle = (code: string, on: boolean) => setChosen((c) => (on ? [...c, code] : c.filter((x) => x !== code)));
  const submit = async () => {
    setBusy(true);
    try {
      await props.onSubmit(chosen);
      props.onClose();
    } catch (err) {
      fieldErrorOrToast(err, '');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent>
            <Text size={200}>{props.hint}</Text>
            <div className={s.roles} data-testid="view-roles">
              {props.roles.map((r) => (
                <Checkbox key={r.code} label={en ? r.label.en : r.label.zh} checked={chosen.includes(r.code)} onChange={(_, d) => toggle(r.code, Boolean(d.checked))} data-testid={`view-role-${r.code}`} />
              ))}
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('engine.cancel')}</Button>
            <Button appearance="primary" disabled={busy} onClick={() => void submit()} data-testid="view-roles-ok">{t('engine.save')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
