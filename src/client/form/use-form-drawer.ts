import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Row } from '../api/entity-api';
import { useCloseGuard } from './close-guard';
import { drawerExtensionsFor } from './drawer-extensions';
import type { DrawerState, FormDrawerProps } from './FormDrawer';
import { useRecordForm } from './use-record-form';

/**
 * The form drawer's state: the open record (useRecordForm), its tab, the close guard, telling the
 * list when a drawer part changed the stored record, reloading on the page's reload key, the title
 * and the notice shown.
 *
 * Example: `const d = useFormDrawer(props); d.rf.ready; d.requestClose();`
 */
export function useFormDrawer(props: FormDrawerProps) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { resolved, state } = props;
  const slots = props.slots ?? {};
  // A record read by a declared call has no generic history nor record page: the generic parts (history, extensions such as the copied link) stay out.
  const generic = !props.record;
  const extensions = generic ? drawerExtensionsFor(resolved) : [];
  const readOnly = (r: Row) => Boolean(slots.readOnly?.(r)) || extensions.some((x) => x.readOnly?.(r));
  const rf = useRecordForm(resolved, { open: state, readOnly, onError: props.onClose, record: props.record });
  const { action, busy, formRef, record } = rf;
  const [tab, setTab] = useState<'form' | 'history'>('form');
  // A drawer part (an approval decision, a module's panel) may change the stored record while the
  // drawer is open: on closing, the list behind it is told, so its rows carry the new version.
  const opened = useRef<{ state: DrawerState; version: unknown } | null>(null);
  useEffect(() => {
    if (record && opened.current?.state !== state) opened.current = { state, version: record.version };
  }, [record, state]);
  const close = () => {
    const changed = Boolean(record && opened.current?.state === state && opened.current.version !== record.version);
    props.onClose();
    if (changed) props.onChanged?.();
  };
  const { requestClose, dialog } = useCloseGuard(formRef, { busy, editable: action !== 'view', onClose: close });
  const done = () => {
    props.onClose();
    props.onChanged?.();
  };
  const entityName = en ? resolved.entity.label.en : resolved.entity.label.zh;

  useEffect(() => setTab(state?.tab ?? 'form'), [state]);
  // The record changed elsewhere: show its new state.
  useEffect(() => {
    if (slots.reloadKey && rf.stored) rf.reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- answers a new reload key only: rf is a new object every render, so with it the record would reload on every render
  }, [slots.reloadKey]);

  const titleKey = action === 'add' || action === 'copy' ? 'engine.titleCreate' : action === 'view' ? 'engine.titleView' : 'engine.titleEdit';
  const title = state ? t(titleKey, { entity: entityName }) : '';
  const notices = [...(slots.notices?.(rf) ?? []), ...(rf.notice ? [rf.notice] : [])].slice(0, 1);
  const onSaved = (saved: Row) => {
    if (slots.keepOpenAfterSave) rf.show(saved);
    props.onSaved(saved);
    slots.onSaved?.(saved, rf);
  };

  return { history: generic && !resolved.entity.view, resolved, en, slots, prefix: slots.testIdPrefix ?? 'form', extensions, rf, tab, setTab, requestClose, dialog, entityName, title, wide: resolved.children.length > 0 || extensions.some((x) => x.wide), notices, onSaved, onChanged: props.onChanged, done };
}

export type FormDrawerModel = ReturnType<typeof useFormDrawer>;
