import { Badge, Button, Menu, MenuDivider, MenuGroup, MenuGroupHeader, MenuItem, MenuItemRadio, MenuList, MenuPopover, MenuTrigger, Text, makeStyles, tokens } from '@fluentui/react-components';
import { DeleteRegular, PeopleTeamRegular, RenameRegular, SaveCopyRegular, SaveRegular, StarRegular, TableSettingsRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListView } from '../../model/list-views';
import { ROLE_LABELS } from '../../model/roles';
import { ConfirmDialog } from '../form/dialogs';
import { ViewNameDialog, ViewRolesDialog } from './ListViewDialogs';
import type { ListViews } from './use-list-views';

const useStyles = makeStyles({
  trigger: { maxWidth: '260px', whiteSpace: 'nowrap', flexShrink: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis' },
  empty: { display: 'block', maxWidth: '340px', padding: '6px 10px', color: tokens.colorNeutralForeground3 },
  // Names on one line; whose default a view is beside it.
  list: { minWidth: '340px', '& [role=menuitemradio] > span': { whiteSpace: 'nowrap' } },
  popover: { maxWidth: 'min(640px, 90vw)' },
});

type Open = { kind: 'saveAs' } | { kind: 'rename' | 'share' | 'defaults' | 'remove'; view: ListView };

/** Roles' names in the interface language: the company's roles as the server gave them, else the system's. */
function useRoleName(views: ListViews) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const name = (code: string) => {
    const label = views.data?.roles.find((r) => r.code === code)?.label ?? ROLE_LABELS[code as keyof typeof ROLE_LABELS];
    return label ? (en ? label.en : label.zh) : code;
  };
  return (codes: readonly string[]) => codes.map(name).join(en ? ', ' : '、');
}

/** One view in the menu: its name, and whose default it is. */
function ViewItem({ view, views }: { view: ListView; views: ListViews }) {
  const { t } = useTranslation();
  const roleNames = useRoleName(views);
  const marks = [
    views.data?.my_default === view.id ? t('listView.myDefault') : '',
    // An administrator keeps the shared views: he sees whom each is shared with.
    views.data?.can_share && view.shared_roles.length ? t('listView.sharedTo', { roles: roleNames(view.shared_roles) }) : '',
    view.default_roles.length ? t('listView.defaultOf', { roles: roleNames(view.default_roles) }) : '',
  ].filter(Boolean);
  return (
    <MenuItemRadio name="view" value={String(view.id)} secondaryContent={marks.join(' · ')} data-testid={`view-${view.id}`}>
      {view.name}
    </MenuItemRadio>
  );
}

/** The commands on the view shown (save, rename, delete, defaults, sharing). */
function ViewCommands({ views, open }: { views: ListViews; open: (o: Open) => void }) {
  const { t } = useTranslation();
  const cur = views.current;
  const canShare = Boolean(views.data?.can_share);
  return (
    <>
      <MenuItem icon={<SaveRegular />} disabled={!cur?.editable || !views.modified} onClick={() => void views.saveCurrent()} data-testid="view-save">{t('listView.save')}</MenuItem>
      <MenuItem icon={<SaveCopyRegular />} onClick={() => open({ kind: 'saveAs' })} data-testid="view-save-as">{t('listView.saveAs')}</MenuItem>
      {cur && (
        <>
          <MenuItem icon={<RenameRegular />} disabled={!cur.editable} onClick={() => open({ kind: 'rename', view: cur })} data-testid="view-rename">{t('listView.rename')}</MenuItem>
          <MenuItem icon={<StarRegular />} onClick={() => void views.toggleMyDefault(cur)} data-testid="view-my-default">
            {views.data?.my_default === cur.id ? t('listView.clearMyDefault') : t('listView.setMyDefault')}
          </MenuItem>
          {canShare && <MenuItem icon={<PeopleTeamRegular />} disabled={!cur.editable} onClick={() => open({ kind: 'share', view: cur })} data-testid="view-share">{t('listView.share')}</MenuItem>}
          {canShare && <MenuItem icon={<PeopleTeamRegular />} disabled={!cur.shared_roles.length} onClick={() => open({ kind: 'defaults', view: cur })} data-testid="view-role-defaults">{t('listView.roleDefaults')}</MenuItem>}
          <MenuItem icon={<DeleteRegular />} disabled={!cur.editable} onClick={() => open({ kind: 'remove', view: cur })} data-testid="view-remove">{t('listView.remove')}</MenuItem>
        </>
      )}
    </>
  );
}

/** The dialog a command opened. */
function ViewDialog({ views, dialog, close }: { views: ListViews; dialog: Open; close: () => void }) {
  const { t } = useTranslation();
  const roles = views.data?.roles ?? [];
  switch (dialog.kind) {
    case 'saveAs':
      return <ViewNameDialog title={t('listView.saveAs')} initial="" onSubmit={views.saveAs} onClose={close} />;
    case 'rename':
      return <ViewNameDialog title={t('listView.rename')} initial={dialog.view.name} onSubmit={(name) => views.rename(dialog.view, name)} onClose={close} />;
    case 'share':
      return <ViewRolesDialog title={t('listView.sharedWith')} hint={t('listView.private')} roles={roles} initial={dialog.view.shared_roles} onSubmit={(r) => views.share(dialog.view, r)} onClose={close} />;
    case 'defaults':
      return (
        <ViewRolesDialog title={t('listView.defaultFor')} hint={dialog.view.name} roles={roles.filter((r) => dialog.view.shared_roles.includes(r.code))} initial={dialog.view.default_roles}
          onSubmit={(r) => views.setRoleDefaults(dialog.view, r)} onClose={close} />
      );
    case 'remove':
      return <ConfirmDialog open danger text={t('listView.confirmRemove', { name: dialog.view.name })} onConfirm={() => void views.remove(dialog.view).finally(close)} onCancel={close} />;
  }
}

/**
 * The list's "视图" menu (issue 32): the standard view, the user's own views and the views shared
 * with him, which one is shown and whether it was changed since; save, save as, rename, delete,
 * "my default", and for a company administrator sharing with roles and the roles' default views.
 */
export function ListViewPicker({ views }: { views: ListViews }) {
  const { t } = useTranslation();
  const s = useStyles();
  const [dialog, setDialog] = useState<Open | null>(null);
  const all = views.data?.views ?? [];
  const mine = all.filter((v) => !v.shared_roles.length);
  const shared = all.filter((v) => v.shared_roles.length);
  const label = views.current?.name ?? t('listView.standard');
  return (
    <>
      <Menu checkedValues={{ view: [String(views.current?.id ?? 'standard')] }} onCheckedValueChange={(_, d) => views.choose(all.find((v) => String(v.id) === d.checkedItems[0]) ?? null)}>
        <MenuTrigger disableButtonEnhancement>
          {/* The standard view is the icon alone (the toolbar's room is the actions'); a named view shows its name. */}
          <Button appearance="subtle" size="small" icon={<TableSettingsRegular />} className={s.trigger} title={`${t('listView.menu')}: ${label}`} aria-label={`${t('listView.menu')}: ${label}`} data-testid="views-menu" data-view-name={label}>
            {views.current && <span className={s.name}>{label}</span>}
            {views.modified && <Badge size="small" appearance="tint" color="warning" style={{ marginLeft: 6 }} data-testid="view-modified">{t('listView.modified')}</Badge>}
          </Button>
        </MenuTrigger>
        <MenuPopover className={s.popover}>
          <MenuList className={s.list} data-testid="views-list">
            <MenuItemRadio name="view" value="standard" secondaryContent={t('listView.standardHint')} data-testid="view-standard">{t('listView.standard')}</MenuItemRadio>
            {mine.length > 0 && (
              <MenuGroup>
                <MenuGroupHeader>{t('listView.mine')}</MenuGroupHeader>
                {mine.map((v) => <ViewItem key={v.id} view={v} views={views} />)}
              </MenuGroup>
            )}
            {shared.length > 0 && (
              <MenuGroup>
                <MenuGroupHeader>{t('listView.shared')}</MenuGroupHeader>
                {shared.map((v) => <ViewItem key={v.id} view={v} views={views} />)}
              </MenuGroup>
            )}
            {views.data && all.length === 0 && <Text className={s.empty} size={200} data-testid="views-empty">{t('listView.empty')}</Text>}
            {views.current && !views.current.editable && <Text className={s.empty} size={200}>{t('listView.readOnlyHint')}</Text>}
            <MenuDivider />
            <ViewCommands views={views} open={setDialog} />
          </MenuList>
        </MenuPopover>
      </Menu>
      {dialog && <ViewDialog views={views} dialog={dialog} close={() => setDialog(null)} />}
    </>
  );
}
