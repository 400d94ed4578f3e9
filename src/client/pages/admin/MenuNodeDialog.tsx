import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, Option, Switch } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useAdminStyles } from '../common/admin-kit';
import type { MenuDraft, MenuEditorState } from './use-menu-editor';

/** A link's group and address (a declared entry's address is fixed). */
function EntryFields({ v, draft }: { v: MenuEditorState; draft: MenuDraft }) {
  const { t } = useTranslation();
  const { tree, setDraft } = v;
  const err = (k: string) => ({ validationMessage: v.errors[k], validationState: v.errors[k] ? ('error' as const) : ('none' as const) });
  const group = tree.find((x) => x.code === draft.parent_code);
  return (
    <>
      <Field label={t('adminui.menu.group')} required {...err('parent_code')}>
        <Dropdown value={group ? v.title(group) : ''} selectedOptions={[draft.parent_code]} onOptionSelect={(_, d) => setDraft({ ...draft, parent_code: d.optionValue ?? '' })} data-testid="menu-parent">
          {tree.map((g) => <Option key={g.code} value={g.code}>{v.title(g)}</Option>)}
        </Dropdown>
      </Field>
      <Field label={t('adminui.menu.url')} required={!draft.declaredUrl} hint={draft.declaredUrl ? t('adminui.menu.urlDeclared') : t('adminui.menu.urlHint')} {...err('furl')}>
        <Input value={draft.furl} disabled={draft.declaredUrl} onChange={(_, d) => setDraft({ ...draft, furl: d.value })} data-testid="menu-url" />
      </Field>
    </>
  );
}

/** The node's fields: code (when new), titles, group and address (links), visibility, roles. */
function NodeFields({ v, draft }: { v: MenuEditorState; draft: MenuDraft }) {
  const s = useAdminStyles();
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { setDraft } = v;
  const err = (k: string) => ({ validationMessage: v.errors[k], validationState: v.errors[k] ? ('error' as const) : ('none' as const) });
  return (
    <div className={s.form}>
      {draft.isNew ? (
        <Field label={t('adminui.menu.code')} required hint={t('adminui.menu.codeHint')} {...err('code')}>
          <Input value={draft.code} onChange={(_, d) => setDraft({ ...draft, code: d.value })} data-testid="menu-code" />
        </Field>
      ) : null}
      <div className={s.twoCols}>
        <Field label={t('adminui.menu.titleZh')} required {...err('title_zh')}>
          <Input value={draft.title_zh} onChange={(_, d) => setDraft({ ...draft, title_zh: d.value })} data-testid="menu-title-zh" />
        </Field>
        <Field label={t('adminui.menu.titleEn')} {...err('title_en')}>
          <Input value={draft.title_en} onChange={(_, d) => setDraft({ ...draft, title_en: d.value })} data-testid="menu-title-en" />
        </Field>
      </div>
      {draft.kind === 'entry' ? <EntryFields v={v} draft={draft} /> : null}
      <Switch checked={draft.visible} label={t('adminui.menu.visible')} onChange={(_, d) => setDraft({ ...draft, visible: d.checked })} data-testid="menu-visible" />
      <Field label={t('adminui.menu.roles')} hint={t('adminui.menu.rolesHint')} {...err('roles')}>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
          {v.roles.map((r) => (
            <Checkbox key={r.code} label={en ? r.name_en : r.name_zh} checked={draft.roles.includes(r.code)} onChange={(_, d) => setDraft({ ...draft, roles: d.checked ? [...draft.roles, r.code] : draft.roles.filter((x) => x !== r.code) })} data-testid={`menu-role-${r.code}`} />
          ))}
        </div>
      </Field>
    </div>
  );
}

/** Add a group or link, or edit a node. */
export function MenuNodeDialog({ v }: { v: MenuEditorState }) {
  const { t } = useTranslation();
  const { draft } = v;
  const heading = draft?.isNew ? (draft.kind === 'group' ? t('adminui.menu.addGroup') : t('adminui.menu.addLink')) : t('adminui.menu.editTitle', { code: draft?.code ?? '' });
  return (
    <Dialog open={v.open && draft !== null} onOpenChange={(_, d) => !d.open && v.setOpen(false)}>
      <DialogSurface style={{ maxWidth: 600 }}>
        <DialogBody>
          <DialogTitle>{heading}</DialogTitle>
          <DialogContent>{draft ? <NodeFields v={v} draft={draft} /> : null}</DialogContent>
          <DialogActions>
            <Button onClick={() => v.setOpen(false)}>{t('engine.cancel')}</Button>
            <Button appearance="primary" disabled={v.busy} onClick={() => void v.save()} data-testid="menu-save">{t('engine.save')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
