import {
  Badge,
  Button,
  Card,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  Option,
  Switch,
  Text,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import { Add20Regular, ArrowDown20Regular, ArrowReset20Regular, ArrowUp20Regular, Delete20Regular, Edit20Regular, EyeOff20Regular, FolderAdd20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ROLE_LABELS, type RoleCode } from '../../../model/roles';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type MenuNode } from './admin-api';
import { AdminPage, fieldErrorsOf, ListState, useAdminStyles, useConfirm } from '../common/admin-kit';
import { moveSibling } from './menu-order';

type Draft = { isNew: boolean; kind: 'group' | 'entry'; code: string; title_zh: string; title_en: string; parent_code: string; furl: string; visible: boolean; roles: string[]; version: number | null; declaredUrl: boolean };

const draftOf = (n: MenuNode): Draft => ({
  isNew: false, kind: n.parent_code === null ? 'group' : 'entry', code: n.code, title_zh: n.title_zh, title_en: n.title_en, parent_code: n.parent_code ?? '',
  furl: n.furl ?? '', visible: n.visible, roles: n.roles ?? [], version: n.version, declaredUrl: n.origin !== 'tenant',
});

/**
 * /admin/page/menus: the client administrator's menu tree editor (spec 2 "Admin: menus"; the
 * shell's menus come from it): groups and their entries, order, titles in zh and en, visibility
 * and the roles that see an entry. Declared menus can be changed and reset; the company may add its
 * own groups and links. The server still checks every call whatever the menu shows.
 */
export function MenuEditorPage() {
  const s = useAdminStyles();
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const [draft, setDraft] = useState<Draft | null>(null);
  // The dialog closes while keeping its last content (no empty frame during the closing motion).
  const [open, setOpen] = useState(false);
  const edit = (d: Draft) => {
    setDraft(d);
    setErrors({});
    setOpen(true);
  };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();
  const { data, error, isLoading, mutate } = useSWR('admin-menus', () => adminApi.menus());
  const tree = data?.tree ?? [];
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
  const err = (k: string) => ({ validationMessage: errors[k], validationState: errors[k] ? ('error' as const) : ('none' as const) });
  const originBadge = (n: MenuNode) =>
    n.origin === 'tenant' ? <Badge appearance="tint" color="success" size="small">{t('adminui.menu.own')}</Badge> : n.origin === 'overridden' ? <Badge appearance="tint" color="warning" size="small">{t('adminui.menu.changed')}</Badge> : null;
  const nodeButtons = (n: MenuNode, siblings: MenuNode[], i: number) => (
    <div className={s.rowActions}>
      <Button size="small" appearance="subtle" icon={<ArrowUp20Regular />} disabled={i === 0} onClick={() => void move(siblings, i, -1)} aria-label={t('adminui.menu.up')} data-testid={`menu-up-${n.code}`} />
      <Button size="small" appearance="subtle" icon={<ArrowDown20Regular />} disabled={i === siblings.length - 1} onClick={() => void move(siblings, i, 1)} aria-label={t('adminui.menu.down')} data-testid={`menu-down-${n.code}`} />
      <Button size="small" appearance="subtle" icon={<Edit20Regular />} onClick={() => edit(draftOf(n))} aria-label={t('adminui.edit')} data-testid={`menu-edit-${n.code}`} />
      {n.origin !== 'declared' ? (
        <Tooltip content={n.origin === 'tenant' ? t('engine.remove') : t('adminui.menu.reset')} relationship="label">
          <Button size="small" appearance="subtle" icon={n.origin === 'tenant' ? <Delete20Regular /> : <ArrowReset20Regular />} onClick={() => void reset(n)} data-testid={`menu-reset-${n.code}`} />
        </Tooltip>
      ) : null}
    </div>
  );

  return (
    <AdminPage
      testId="admin-menus"
      title={t('adminui.menu.title')}
      explain={t('adminui.menu.explain')}
      actions={
        <>
          <Button icon={<FolderAdd20Regular />} onClick={() => edit({ isNew: true, kind: 'group', code: '', title_zh: '', title_en: '', parent_code: '', furl: '', visible: true, roles: [], version: null, declaredUrl: false })} data-testid="menu-add-group">{t('adminui.menu.addGroup')}</Button>
          <Button appearance="primary" icon={<Add20Regular />} disabled={!tree.length} onClick={() => edit({ isNew: true, kind: 'entry', code: '', title_zh: '', title_en: '', parent_code: tree[0]?.code ?? '', furl: '/', visible: true, roles: [], version: null, declaredUrl: false })} data-testid="menu-add-link">{t('adminui.menu.addLink')}</Button>
        </>
      }
    >
      <ListState loading={isLoading} error={error} empty={!!data && tree.length === 0} />
      <div style={{ display: 'grid', gap: 12 }}>
        {tree.map((g, gi) => (
          <Card key={g.code} style={{ padding: 0 }} data-testid={`menu-group-card-${g.code}`}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '10px 12px', background: tokens.colorNeutralBackground3 }}>
              <Text weight="semibold" size={400} style={{ textDecoration: g.visible ? undefined : 'line-through' }}>{title(g)}</Text>
              <Text size={200} className={s.muted}>{g.code}</Text>
              {originBadge(g)}
              {!g.visible ? <Badge appearance="outline" icon={<EyeOff20Regular />} size="small">{t('adminui.menu.hidden')}</Badge> : null}
              <span style={{ flex: 1 }} />
              {nodeButtons(g, tree, gi)}
            </div>
            {g.children.length === 0 ? <div className={s.empty} style={{ padding: 12 }}>{t('adminui.menu.emptyGroup')}</div> : null}
            {g.children.map((e, ei) => (
              <div key={e.code} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 12px 6px 28px', borderTop: `1px solid ${tokens.colorNeutralStroke2}` }} data-testid={`menu-node-${e.code}`}>
                <div style={{ display: 'grid', minWidth: 220 }}>
                  <Text style={{ textDecoration: e.visible ? undefined : 'line-through' }}>{title(e)}</Text>
                  <Text size={200} className={s.mono}>{e.furl}</Text>
                </div>
                {originBadge(e)}
                {!e.visible ? <Badge appearance="outline" size="small">{t('adminui.menu.hidden')}</Badge> : null}
                <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
                  {(e.roles ?? []).map((r) => <Badge key={r} appearance="outline" color="informative" size="small">{roleName(r)}</Badge>)}
                  {!e.roles?.length ? <Text size={200} className={s.muted}>{t('adminui.menu.allRoles')}</Text> : null}
                </div>
                <span style={{ flex: 1 }} />
                {nodeButtons(e, g.children, ei)}
              </div>
            ))}
          </Card>
        ))}
      </div>
      {dialog}
      <Dialog open={open && draft !== null} onOpenChange={(_, d) => !d.open && setOpen(false)}>
        <DialogSurface style={{ maxWidth: 600 }}>
          <DialogBody>
            <DialogTitle>{draft?.isNew ? (draft.kind === 'group' ? t('adminui.menu.addGroup') : t('adminui.menu.addLink')) : t('adminui.menu.editTitle', { code: draft?.code ?? '' })}</DialogTitle>
            <DialogContent>
              {draft ? (
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
                  {draft.kind === 'entry' ? (
                    <>
                      <Field label={t('adminui.menu.group')} required {...err('parent_code')}>
                        <Dropdown value={(() => { const g = tree.find((x) => x.code === draft.parent_code); return g ? title(g) : ''; })()} selectedOptions={[draft.parent_code]} onOptionSelect={(_, d) => setDraft({ ...draft, parent_code: d.optionValue ?? '' })} data-testid="menu-parent">
                          {tree.map((g) => <Option key={g.code} value={g.code}>{title(g)}</Option>)}
                        </Dropdown>
                      </Field>
                      <Field label={t('adminui.menu.url')} required={!draft.declaredUrl} hint={draft.declaredUrl ? t('adminui.menu.urlDeclared') : t('adminui.menu.urlHint')} {...err('furl')}>
                        <Input value={draft.furl} disabled={draft.declaredUrl} onChange={(_, d) => setDraft({ ...draft, furl: d.value })} data-testid="menu-url" />
                      </Field>
                    </>
                  ) : null}
                  <Switch checked={draft.visible} label={t('adminui.menu.visible')} onChange={(_, d) => setDraft({ ...draft, visible: d.checked })} data-testid="menu-visible" />
                  <Field label={t('adminui.menu.roles')} hint={t('adminui.menu.rolesHint')} {...err('roles')}>
                    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
                      {(data?.roles ?? []).map((r) => (
                        <Checkbox key={r.code} label={en ? r.name_en : r.name_zh} checked={draft.roles.includes(r.code)} onChange={(_, d) => setDraft({ ...draft, roles: d.checked ? [...draft.roles, r.code] : draft.roles.filter((x) => x !== r.code) })} data-testid={`menu-role-${r.code}`} />
                      ))}
                    </div>
                  </Field>
                </div>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)}>{t('engine.cancel')}</Button>
              <Button appearance="primary" disabled={busy} onClick={() => void save()} data-testid="menu-save">{t('engine.save')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </AdminPage>
  );
}
