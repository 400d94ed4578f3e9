import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicFormErrors, dynamicPage, type DynamicField, type DynamicFormDefinition } from '../../../model/dynamic-form';
import { dynamicForm } from '../../../model/entities/dynamic-form.entity';
import { ApiError } from '../../api/client';
import { entityApiOf } from '../../api/entity-api';
import { useRecord } from '../../form/use-record-form';
import { useUnsavedGuard } from '../../form/use-unsaved-guard';
import { toast } from '../../kernel/toast-bus';
import type { OutlineSelection } from '../../../model/record-outline';
import { emptyDefinition } from './designer-model';

const FORMS = { apiBase: `/api/${dynamicForm.prefix}/${dynamicForm.name}` };
const formsApi = entityApiOf(FORMS.apiBase);

/** The stored form record (the engine's record read), and its design handed over once per id. */
function useStoredForm(id: number, onLoaded: (d: DynamicFormDefinition) => void) {
  const valid = Number.isSafeInteger(id) && id > 0;
  const { record, failed, show } = useRecord(FORMS, valid ? id : null, id);
  const handed = useRef<number | null>(null);
  useEffect(() => {
    if (!record || handed.current === id) return;
    handed.current = id;
    const stored = record.definition as DynamicFormDefinition | null;
    onLoaded(stored && Array.isArray(stored.sections) && stored.sections.length ? stored : emptyDefinition());
  }, [record, id, onLoaded]);
  return { record, setRecord: show, failed: failed || !valid };
}

/** The design's errors: the designer's own rules as the administrator types, then what the server refused. */
function useDesignErrors(def: DynamicFormDefinition, serverErrors: Record<string, string>) {
  const { t } = useTranslation();
  return useMemo(() => {
    const out: Record<string, string> = {};
    for (const [path, e] of Object.entries(dynamicFormErrors(def))) out[path] = t(e.key, e.params ?? {});
    for (const [k, m] of Object.entries(serverErrors)) if (!out[k]) out[k] = m;
    return out;
  }, [def, serverErrors, t]);
}

/** The server's field errors of a refused save, keyed by the design's paths. */
function serverErrorsOf(e: unknown): Record<string, string> | null {
  if (!(e instanceof ApiError) || !e.errors) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(e.errors)) out[k.replace(/^definition\./, '')] = Array.isArray(v) ? v.join('，') : v;
  return out;
}

/**
 * The form designer's state and commands: the stored record, the design being edited, the selected
 * field, the errors (local and the server's), the live preview's page, edits and the save.
 */
export function useFormDesigner(id: number) {
  const { t } = useTranslation();
  const [def, setDef] = useState<DynamicFormDefinition>(emptyDefinition);
  const [sel, setSel] = useState<OutlineSelection>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // The definition as stored: the design differs from it until saved (issue 29: leaving asks, a reload keeps it).
  const [stored, setStored] = useState('');
  const { record, setRecord, failed } = useStoredForm(id, (d) => {
    setDef(d);
    setStored(JSON.stringify(d));
    setSel(d.sections[0]?.fields.length ? { s: 0, f: 0 } : null);
  });
  const defText = JSON.stringify(def);
  const errors = useDesignErrors(def, serverErrors);
  const preview = useMemo(() => {
    if (!record || Object.keys(dynamicFormErrors(def)).length) return null;
    return dynamicPage({ id, code: String(record.code), name: String(record.name), name_en: (record.name_en as string | null) ?? null, version: Number(record.form_version ?? 1) }, def);
  }, [def, record, id]);

  const change = (next: DynamicFormDefinition) => {
    setDef(next);
    setServerErrors({});
  };
  const guard = useUnsavedGuard<DynamicFormDefinition>(Boolean(record) && defText !== stored, {
    draft: record ? { page: 'form-designer', doc: String(id) } : null,
    revision: defText,
    snapshot: () => def,
    onRestore: (d) => {
      if (!Array.isArray(d?.sections)) return;
      change(d);
      setSel(null);
    },
  });
  const setField = (si: number, fi: number, patch: Partial<DynamicField>) =>
    change({ sections: def.sections.map((x, i) => (i === si ? { ...x, fields: x.fields.map((f, j) => (j === fi ? ({ ...f, ...patch } as DynamicField) : f)) } : x)) });

  const save = async () => {
    if (!record || busy) return;
    setBusy(true);
    try {
      const saved = await formsApi.save({ id, version: record.version, definition: def });
      setRecord(saved);
      setServerErrors({});
      setStored(defText);
      guard.saved();
      toast.success(t('dyn.designer.saved', { version: String(saved.form_version ?? '') }));
    } catch (e) {
      const refused = serverErrorsOf(e);
      if (refused) setServerErrors(refused);
    } finally {
      setBusy(false);
    }
  };

  return { record, failed, def, sel, setSel, errors, busy, preview, guard, change, setField, save };
}

export type FormDesigner = ReturnType<typeof useFormDesigner>;
