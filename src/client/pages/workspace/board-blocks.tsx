import { Badge, Button, Caption1, Card, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { ChevronRight16Regular, Megaphone20Regular, MailUnread20Regular, ShieldTask16Regular, TaskListLtr20Regular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { Label } from '../../../model/entity';
import { currentLanguage } from '../../kernel/i18n';
import { access } from '../../session/access-state';
import type { MenuGroupItem, MenuItem } from '../../session/login-reply';
import { profileApi } from '../../session/profile-api';
import { FavouriteStar, HOME_SETTING_KEY } from '../../shell/favourites';
import { menuEntryTitle, menuGroupTitle } from '../../shell/menu-lookup';
import { menuIcon } from '../../shell/menu-icons';
import { noticeTimeLabel } from '../../shell/notice-time';
import { onSocketMessage } from '../../session/notification-socket';
import { T } from './board-texts';
import { quickLinks } from './greeting';
import { SETTING_KEYS, workspaceApi, type NotifyTask } from './workspace-api';

const useStyles = makeStyles({
  list: { display: 'grid', gap: '2px', margin: 0, padding: 0, listStyle: 'none' },
  row: {
    display: 'grid',
    gridTemplateColumns: '28px 1fr auto',
    gap: '10px',
    alignItems: 'center',
    padding: '8px 8px',
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    ':hover': { background: tokens.colorNeutralBackground1Hover },
  },
  rowIcon: { width: '28px', height: '28px', borderRadius: '8px', display: 'grid', placeItems: 'center', background: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
  warnIcon: { background: tokens.colorPaletteRedBackground1, color: tokens.colorPaletteRedForeground1 },
  noteIcon: { background: tokens.colorPaletteMarigoldBackground1, color: tokens.colorPaletteMarigoldForeground2 },
  text: { minWidth: 0, display: 'grid' },
  meta: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  late: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'nowrap' },
  empty: { padding: '18px 4px', color: tokens.colorNeutralForeground3 },
  strip: { display: 'flex', alignItems: 'center', gap: '8px', padding: '2px 0 8px', flexWrap: 'wrap' },
  tiles: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '10px' },
  tile: {
    display: 'grid',
    gridTemplateColumns: '36px 1fr',
    gap: '10px',
    alignItems: 'center',
    padding: '12px',
    cursor: 'pointer',
    ':hover': { boxShadow: tokens.shadow8 },
  },
  favTile: { gridTemplateColumns: '36px 1fr 24px' },
  tileIcon: { width: '36px', height: '36px', borderRadius: '10px', display: 'grid', placeItems: 'center', background: tokens.colorNeutralBackground3, color: tokens.colorBrandForeground1 },
  appIcon: { background: tokens.colorBrandBackground2 },
});

const useTr = () => {
  const { i18n } = useTranslation();
  return (l: Label) => (i18n.language === 'en' ? l.en : l.zh);
};
const today = () => new Date().toISOString().slice(0, 10);

/** Reloads a block when the company's socket says a notice or a task arrived. */
function useLive(reload: () => unknown) {
  useEffect(() => onSocketMessage((m) => {
    const type = (m as { type?: string } | null)?.type;
    if (type === 'notifyto2' || type === 'task.changed') void reload();
  }), [reload]);
}

/**
 * The to-do list (spec 7 my-task-list, state 10 "in progress"): the user's open tasks, approval
 * tasks among them (issue 14 gives each approver's task a to-do), due first; the approvals waiting
 * for the user open the approval to-do page.
 */
export function TodoBlock() {
  const s = useStyles();
  const tr = useTr();
  const navigate = useNavigate();
  const tasks = useSWR('board:tasks', () => workspaceApi.openTasks());
  const approvals = useSWR('board:approvals', () => workspaceApi.openApprovals());
  useLive(tasks.mutate);
  if (tasks.error) return <div className={s.empty}>{tr(T.failed)}</div>;
  if (!tasks.data) return <Spinner size="tiny" />;
  const rows = [...tasks.data.rows].sort((a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') || b.id - a.id);
  const open = (_: NotifyTask) => navigate('/collab/center?tab=tasks');
  return (
    <div data-testid="board-todo">
      <div className={s.strip}>
        <Text weight="semibold" data-testid="todo-count">{tr(T.openCount).replace('{n}', String(rows.length))}</Text>
        {approvals.data && approvals.data.total > 0 ? (
          <Button size="small" appearance="secondary" icon={<ShieldTask16Regular />} onClick={() => navigate('/approvals/todo')} data-testid="todo-approvals">
            {tr(T.approvals)} {approvals.data.total}
          </Button>
        ) : null}
      </div>
      {!rows.length ? <div className={s.empty}>{tr(T.noTodo)}</div> : null}
      <ul className={s.list}>
        {rows.slice(0, 6).map((t) => {
          const late = !!t.due_date && t.due_date < today();
          return (
            <li key={t.id} className={s.row} onClick={() => open(t)} data-testid="todo-row">
              <span className={mergeClasses(s.rowIcon, t.priority === 'high' && s.warnIcon)}>
                <TaskListLtr20Regular />
              </span>
              <span className={s.text}>
                <Text truncate wrap={false} block title={t.subject}>{t.subject}</Text>
                {t.remark ? <Caption1 truncate wrap={false} block className={s.meta}>{t.remark}</Caption1> : null}
              </span>
              <span style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
                {t.priority === 'high' ? <Badge size="small" appearance="tint" color="danger">{tr(T.high)}</Badge> : null}
                {t.due_date ? <Caption1 className={late ? s.late : s.meta}>{late ? tr(T.overdue) : tr(T.due)} {t.due_date}</Caption1> : null}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** Items to read: the user's unread notices, newest first; opening one reads it and goes to its page. */
export function ToReadBlock() {
  const s = useStyles();
  const tr = useTr();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, mutate } = useSWR('board:toread', () => workspaceApi.unreadNotices());
  useLive(mutate);
  if (error) return <div className={s.empty}>{tr(T.failed)}</div>;
  if (!data) return <Spinner size="tiny" />;
  const read = async (ids: number[]) => {
    await workspaceApi.markRead(ids);
    access.unread = Math.max(0, access.unread - ids.length);
    await mutate();
  };
  return (
    <div data-testid="board-toread">
      {!data.rows.length ? <div className={s.empty}>{tr(T.noUnread)}</div> : null}
      <ul className={s.list}>
        {data.rows.map((n) => (
          <li key={n.id} className={s.row} onClick={() => void read([n.id]).then(() => navigate(n.link ?? '/collab/center?tab=notices'))} data-testid="toread-row">
            <span className={mergeClasses(s.rowIcon, s.noteIcon)}>
              <MailUnread20Regular />
            </span>
            <span className={s.text}>
              <Text truncate wrap={false} block weight="semibold" title={n.title}>{n.title}</Text>
              <Caption1 truncate wrap={false} block className={s.meta}>{n.body}</Caption1>
            </span>
            <Caption1 className={s.meta}>{noticeTimeLabel(n.created_at, Date.now(), t, currentLanguage())}</Caption1>
          </li>
        ))}
      </ul>
      {data.rows.length > 1 ? (
        <Button size="small" appearance="subtle" onClick={() => void read(data.rows.map((n) => n.id))}>{tr(T.markAllRead)}</Button>
      ) : null}
    </div>
  );
}

/** Recent announcements the user reads (the company's and public ones), unread marked. */
export function AnnouncementsBlock() {
  const s = useStyles();
  const tr = useTr();
  const navigate = useNavigate();
  const { data, error } = useSWR('board:announcements', () => workspaceApi.announcements());
  if (error) return <div className={s.empty}>{tr(T.failed)}</div>;
  if (!data) return <Spinner size="tiny" />;
  return (
    <div data-testid="board-announcements">
      {!data.rows.length ? <div className={s.empty}>{tr(T.noAnnouncements)}</div> : null}
      <ul className={s.list}>
        {data.rows.map((a) => (
          <li key={a.id} className={s.row} onClick={() => navigate('/collab/center?tab=announcements')} data-testid="announcement-row">
            <span className={s.rowIcon}>
              <Megaphone20Regular />
            </span>
            <span className={s.text}>
              <Text truncate wrap={false} block weight={a.read ? 'regular' : 'semibold'} title={a.title}>{a.title}</Text>
              <Caption1 truncate wrap={false} block className={s.meta}>{a.company}{a.published_at ? ` · ${a.published_at.slice(0, 10)}` : ''}</Caption1>
            </span>
            {a.read ? <ChevronRight16Regular /> : <Badge size="small" appearance="tint" color="brand">{tr(T.unread)}</Badge>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Subscribed apps: a tile per subscribed module (menu group), opening its entries. */
export function AppsBlock({ onMarket }: { onMarket: () => void }) {
  const s = useStyles();
  const tr = useTr();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const user = useSnapshot(access);
  const { data, error } = useSWR(user.id !== null && !user.mustChangePassword ? SETTING_KEYS.home : null, () => workspaceApi.homeSetting());
  if (error) return <div className={s.empty}>{tr(T.failed)}</div>;
  if (!data) return <Spinner size="tiny" />;
  const apps = data.apps ?? [];
  if (!apps.length)
    return (
      <div className={s.empty} data-testid="board-apps">
        <Text block>{tr(T.noApps)}</Text>
        {user.clientId !== null ? (
          <Button size="small" appearance="primary" style={{ marginTop: 10 }} onClick={onMarket}>{tr(T.openMarket)}</Button>
        ) : null}
      </div>
    );
  return (
    <div className={s.tiles} data-testid="board-apps">
      {apps.map((m) => (
        <Card key={m.CODE} className={s.tile} role="link" tabIndex={0} onClick={() => navigate(m.FURL)} onKeyDown={(k) => (k.key === 'Enter' ? navigate(m.FURL) : undefined)} data-testid={`app-${m.CODE}`}>
          <div className={mergeClasses(s.tileIcon, s.appIcon)}>{menuIcon(m.ICON)}</div>
          <div style={{ minWidth: 0 }}>
            <Text weight="semibold" block truncate wrap={false}>{menuGroupTitle({ CODE: m.CODE, TITLE: m.TITLE }, lang)}</Text>
            <Caption1 block>{tr(T.functions).replace('{n}', String(m.entries))}</Caption1>
          </div>
        </Card>
      ))}
    </div>
  );
}

/**
 * Favourite menus (spec 2 "home ... favourite menus"): the account's favourites from
 * my-workspace-home-setting, in the user's order, each unstarred in place. Not asked while the
 * first-login password change is pending (the server would refuse it).
 */
export function FavouritesBlock() {
  const s = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSnapshot(access);
  const lang = currentLanguage();
  const { data, error, isLoading } = useSWR(user.id !== null && !user.mustChangePassword ? HOME_SETTING_KEY : null, () => profileApi.workspaceHome());
  return (
    <div data-testid="home-favourites">
      {isLoading ? <Spinner size="tiny" /> : null}
      {error ? <div className={s.empty}>{t('ui.favourites.loadFailed')}</div> : null}
      {data && data.favourites.length === 0 ? <div className={s.empty}>{t('ui.favourites.empty')}</div> : null}
      {data && data.favourites.length > 0 ? (
        <div className={s.tiles}>
          {data.favourites.map((e) => (
            <Card
              key={e.CODE}
              className={mergeClasses(s.tile, s.favTile)}
              role="link"
              tabIndex={0}
              onClick={() => navigate(e.FURL)}
              onKeyDown={(k) => (k.key === 'Enter' && k.target === k.currentTarget ? navigate(e.FURL) : undefined)}
              data-testid={`favourite-${e.CODE}`}
            >
              <div className={s.tileIcon}>{menuIcon(e.ICON)}</div>
              <div style={{ minWidth: 0 }}>
                <Text weight="semibold" block truncate wrap={false}>
                  {menuEntryTitle(e, lang)}
                </Text>
                <Caption1 block truncate wrap={false}>
                  {menuGroupTitle({ CODE: e.GROUP_CODE, TITLE: e.GROUP }, lang)}
                </Caption1>
              </div>
              <FavouriteStar code={e.CODE} title={menuEntryTitle(e, lang)} />
            </Card>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export type Entry = MenuItem & { group: string };

export function entriesOf(menus: readonly MenuGroupItem[], lang: 'zh-CN' | 'en'): Entry[] {
  return menus.flatMap((g) => g.children.map((e) => ({ ...e, group: menuGroupTitle(g, lang) })));
}

/** Menu entries as tiles that open their FURL. */
export function EntryTiles({ entries }: { entries: Entry[] }) {
  const s = useStyles();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const { t } = useTranslation();
  if (!entries.length) return <div className={s.empty}>{t('ui.shell.noMenus')}</div>;
  return (
    <div className={s.tiles}>
      {entries.map((e) => (
        <Card
          key={e.CODE}
          className={s.tile}
          role="link"
          tabIndex={0}
          onClick={() => navigate(e.FURL)}
          onKeyDown={(k) => (k.key === 'Enter' ? navigate(e.FURL) : undefined)}
          data-testid={`quick-${e.CODE}`}
        >
          <div className={s.tileIcon}>{menuIcon(e.ICON)}</div>
          <div style={{ minWidth: 0 }}>
            <Text weight="semibold" block truncate wrap={false}>
              {menuEntryTitle(e, lang)}
            </Text>
            <Caption1 block truncate wrap={false}>
              {e.group}
            </Caption1>
          </div>
        </Card>
      ))}
    </div>
  );
}

/** Quick links: the entries the user has, favourites first (greeting.ts quickLinks), not the home itself. */
export function QuickLinksBlock() {
  const user = useSnapshot(access);
  const lang = currentLanguage();
  // The first twelve: the menu guide (the block's "all") lists every entry.
  const entries = quickLinks(entriesOf(user.menus as typeof access.menus, lang), user.favouriteMenus)
    .filter((e) => e.CODE !== 'workspace.home')
    .slice(0, 12);
  return (
    <div data-testid="home-quicklinks">
      <EntryTiles entries={entries} />
    </div>
  );
}
