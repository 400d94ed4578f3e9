import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requireEntity, type Label } from '../../model';
import { evaluateCondition } from '../../model/expression';
import type { RecordCommandDecl } from '../../model/page';
import { entityApiFor } from '../api/entity-api';
import { ConfirmDialog } from '../form/dialogs';
import { registerDrawerExtension, type DrawerExtensionProps } from '../form/drawer-extensions';
import { toast } from '../kernel/toast-bus';
import { downloadFile } from './upload-api';
import { labelIn } from '../../model/label-text';

type Row = Record<string, unknown>;

/** A declared text with the record's `{{field}}` filled in. */
const filled = (text: string, record: Row) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(record[k] ?? ''));

/**
 * The page's declared commands of a stored record (`PageDef.commands`) in its drawer's footer: each
 * shown while its `when` holds, disabled while one runs; a `run` asked first when it declares a
 * confirmation, then the action on the record's id (its reply's message said, the record read
 * again); an `export` the list export named, narrowed by the record's fields. Refusals are the API
 * hooks' toasts.
 */
function RecordCommands({ rf, resolved }: DrawerExtensionProps) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState<RecordCommandDecl | null>(null);
  const record = rf.record;
  if (!record) return null;
  const word = (l: Label) => labelIn(l, i18n.language);
  const perform = async (c: RecordCommandDecl) => {
    setAsked(null);
    setBusy(true);
    try {
      if (c.run) {
        const r = await entityApiFor(requireEntity(c.run.entity)).action(c.run.action, [Number(record.id)]);
        const data = (r.data?.[0] ?? {}) as Row;
        toast.success(c.done ? filled(word(c.done), data) : typeof data.message === 'string' ? data.message : t('engine.actionDone'));
        rf.reload();
      } else if (c.export) {
        const e = requireEntity(c.export.entity);
        const query = Object.fromEntries(Object.entries(c.export.filters).map(([filter, field]) => [`f.${filter}`, String(record[field] ?? '')]));
        await downloadFile(`/${e.prefix}/${e.name}/export`, { ...query, sort: c.export.sort }, `${e.name}.xlsx`);
      }
    } catch {
      // The API hooks show the server's message.
    } finally {
      setBusy(false);
    }
  };
  const shown = (resolved.page.commands ?? []).filter((c) => evaluateCondition(c.when, { form: record }));
  return (
    <>
      {shown.map((c) => (
        <Button key={c.key} disabled={busy} onClick={() => (c.confirm ? setAsked(c) : void perform(c))} data-testid={`command-${c.key}`}>
          {word(c.label)}
        </Button>
      ))}
      <ConfirmDialog open={asked !== null} text={asked?.confirm ? filled(word(asked.confirm), record) : ''} onConfirm={() => asked && void perform(asked)} onCancel={() => setAsked(null)} />
    </>
  );
}

registerDrawerExtension({ applies: (r) => Boolean(r.page.commands?.length), footer: RecordCommands });
