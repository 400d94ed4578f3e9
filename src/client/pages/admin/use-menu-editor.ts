import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ROLE_LABELS, type RoleCode } from '../../../model/roles';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type MenuNode } from './admin-api';
import { fieldErrorsOf, useConfirm } from '../common/admin-kit';
import { moveSibling } from './menu-order';

export type MenuDraft = { isNew: boolean; kind: 'group' | 'entry'; code: string; title_zh: string; title_en: string; parent_code: string; furl: string; visible: boolean; roles: string[]; version: number | null; declaredUrl: boolean };

export const draftOf = (n: MenuNode): MenuDraft => ({
  isNew: false, kind: n.parent_code === null ? 'group' : 'entry', code: n.code, title_zh: n.title_zh, title_en: n.title_en, parent_code: n.parent_code ?? '',
  furl: n.furl ?? '', visible: n.visible, roles: n.roles ?? [], version: n.version, declaredUrl: n.origin !== 'tenant',
});

/** A new group, or a new link in the given group. */
export const newDraft = (kind: 'group' | 'entry', parent = ''): MenuDraft =>
  kind === 'group'
    ? { isNew: true, kind, code: '', title_zh: '', title_en: '', parent_code: '', furl: '', visible: true, roles: [], version: null, declaredUrl: false }
    : { isNew: true, kind, code: '', title_zh: '', title_en: '', parent_code: parent, furl: '/', visible: true, roles: [], version: null, declaredUrl: false };

/** The menu editor's state: the tree, moving, resetting or removing a node, and the edit dialog. */
export function useMenuEditor() {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [draft, setDraft] = useState<MenuDraft | null>(null);
  // The dialog closes while keeping its last content (no empty frame during the closing motion).
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();
  const menus = useSWR('admin-menus', () => adminApi.menus());
  const { data, mutate } = menus;
  const tree = data?.tree ?? [];
  const edit = (d: MenuDraft) => {
    setDraft(d);
    setErrors({});
    setOpen(true);
  };
  const roleName = (code: string) => {
    const r = data?.roles.find((x) => x.code === code);
    const system = ROLE_LABELS[code as RoleCode];
    return r ? (en ? r.name_en : r.name_zh) : system ? (en ? system.en : system.zh) : code;
  };
  const title = (n: MenuNode) => (en ? n.title_en || n.title_zh : n.title_zh);
  const move = async (siblings: MenuNode[], index: number, delta: -1 | 1) => {
    const items = moveSibling(siblings.map((x) => x.code), index, delta);
    if (!items) return;
    await adminApi.orderMenus(items);
    void mutate();
  };
  const reset = async (n: MenuNode) => {
    const own = n.origin === 'tenant';
    if (!(await confirm(t(own ? 'adminui.menu.confirmRemove' : 'adminui.menu.confirmReset', { name: title(n) })))) return;
    await adminApi.resetMenu(n.code);
    toast.success(t(own ? 'engine.removed' : 'adminui.menu.resetDone'));
    void mutate();
  };
  const save = async () => {
    if (!draft) return;
    setBusy(true);
    setErrors({});
    try {
      await adminApi.saveMenu({
        code: draft.code, title_zh: draft.title_zh, title_en: draft.title_en, visible: draft.visible, roles: draft.roles, version: draft.version,
        ...(draft.kind === 'entry' ? { parent_code: draft.parent_code, ...(draft.declaredUrl ? {} : { furl: draft.furl }) } : {}),
      });
      toast.success(t('adminui.saved'));
      setOpen(false);
      void mutate();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  return { menus, tree, roles: data?.roles ?? [], draft, setDraft, open, setOpen, edit, errors, busy, dialog, roleName, title, move, reset, save };
}

export type MenuEditorState = ReturnType<typeof useMenuEditor>;
