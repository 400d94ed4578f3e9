import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getEntity } from '../../../model/entity';
import { validateField } from '../../../model/validate';
import { toast } from '../../kernel/toast-bus';
import type { ActionReply } from './use-workbench-commands';
import { VERSIONS, type WorkbenchData } from './use-workbench-data';

export type VersionDialogKind = 'create' | 'copy';
export type VersionForm = { version_code: string; name: string; month_from: string; month_to: string };

/**
 * The dialog's fields checked in the browser as a drawer checks its form (issue 21): the version
 * entity's own rules and its month-range check, each message on its field, before any call.
 */
function dialogErrors(kind: VersionDialogKind | null, form: VersionForm, t: ReturnType<typeof useTranslation>['t']): Record<string, string> {
  const entity = getEntity('allocationversion');
  const keys = kind === 'copy' ? ['version_code', 'name'] : ['version_code', 'name', 'month_from', 'month_to'];
  const out: Record<string, string> = {};
  for (const key of keys) {
    const field = entity?.fields.find((f) => f.key === key);
    const r = field ? validateField(field, form[key as keyof VersionForm]) : null;
    if (r?.error) out[key] = t(r.error.key, r.error.params);
  }
  for (const check of kind === 'create' ? (entity?.checks ?? []) : []) {
    for (const [k, key] of Object.entries(check(form))) if (!out[k]) out[k] = t(key);
  }
  return out;
}

/** The create and copy dialog of versions: its form, its errors, and the call that ends it on the new version. */
export function useVersionDialog(data: Pick<WorkbenchData, 'version' | 'cycles' | 'loadVersions' | 'pick'>, setBusy: (busy: boolean) => void) {
  const { t } = useTranslation();
  const { version, cycles, loadVersions, pick } = data;
  const [dialog, setDialog] = useState<VersionDialogKind | null>(null);
  const [form, setForm] = useState<VersionForm>({ version_code: '', name: '', month_from: '', month_to: '' });
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});

  const openDialog = (kind: VersionDialogKind) => {
    setFormErrors({});
    setForm(kind === 'copy' && version ? { version_code: `${String(version.version_code)}-C`, name: String(version.name ?? ''), month_from: '', month_to: '' } : { version_code: '', name: '', month_from: cycles[0] ?? '', month_to: cycles[cycles.length - 1] ?? '' });
    setDialog(kind);
  };

  const send = async () => {
    if (dialog === 'copy' && version) {
      const reply = (await VERSIONS.action('copy', [Number(version.id)], { version_code: form.version_code, name: form.name }, Number(version.version))) as ActionReply;
      const id = Number((reply.data?.[0] as { id?: number } | null)?.id);
      toast.success(String((reply.data?.[0] as { message?: string } | null)?.message ?? t('engine.actionDone')));
      setDialog(null);
      await loadVersions();
      if (id) pick(id);
    } else {
      const saved = await VERSIONS.save({ version_code: form.version_code, name: form.name, month_from: form.month_from, month_to: form.month_to });
      toast.success(t('msg.saved'));
      setDialog(null);
      await loadVersions();
      pick(Number(saved.id));
    }
  };

  const submitDialog = async () => {
    const errors = dialogErrors(dialog, form, t);
    setFormErrors(errors);
    if (Object.keys(errors).length) {
      toast.error(t('form.correctErrors'));
      return;
    }
    setBusy(true);
    try {
      await send();
    } catch (e) {
      const errors = (e as { errors?: Record<string, string | string[]> | null }).errors;
      if (errors) setFormErrors(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? v.join(' ') : v])));
    } finally {
      setBusy(false);
    }
  };

  return { dialog, setDialog, form, setForm, formErrors, openDialog, submitDialog };
}

export type VersionDialogState = ReturnType<typeof useVersionDialog>;
