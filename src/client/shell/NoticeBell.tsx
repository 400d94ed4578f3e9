import { Button, Caption1, CounterBadge, makeStyles, Popover, PopoverSurface, PopoverTrigger, Spinner, Text, tokens } from '@fluentui/react-components';
import { Alert20Regular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../grid/cell-text';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { callApi } from '../api/calls';
import { noticeCalls, type Notice } from '../../model/calls/notify';
import { currentLanguage } from '../kernel/i18n';
import { access } from '../session/access-state';
import { onSocketMessage } from '../session/notification-socket';
import { noticeTimeLabel } from './notice-time';

const useStyles = makeStyles({
  button: {
    position: 'relative',
    color: '#fff',
    minWidth: 'auto',
    ':hover': { color: '#fff', background: 'rgba(255,255,255,0.12)' },
    ':hover:active': { color: '#fff', background: 'rgba(255,255,255,0.18)' },
  },
  badge: { position: 'absolute', top: '2px', right: '0px' },
  list: { width: '360px', maxHeight: '440px', overflow: 'auto', display: 'grid', gap: '8px' },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '8px' },
  notice: {
    display: 'grid', gap: '2px', padding: '8px', borderRadius: '6px', textAlign: 'left', border: 'none', font: 'inherit', color: 'inherit',
    background: tokens.colorNeutralBackground2,
  },
  unread: { background: tokens.colorBrandBackground2, borderLeft: `3px solid ${tokens.colorBrandStroke1}` },
  clickable: { cursor: 'pointer', ':hover': { background: tokens.colorNeutralBackground2Hover } },
});

const unreadIndex = () => callApi(noticeCalls.unread, undefined, { quiet: true });
const latest = () => callApi(noticeCalls.page, { page: 1, size: 10 }, { quiet: true });
const markRead = (ids: number[]) => callApi(noticeCalls.read, { ids }, { failure: 'markRead' });

/**
 * The shell's bell (issue 15): the real unread count of the caller's notices (unread-index on sign-in,
 * then the `unread` each `notifyto2` carries), and a list of the latest notices with "mark all read";
 * a notice with a link opens it and is marked read.
 */
export function NoticeBell() {
  const s = useStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Notice[] | null>(null);
  const [failed, setFailed] = useState(false);

  const refreshCount = useCallback(() => {
    unreadIndex().then((r) => { access.unread = r.unread; }, () => undefined);
  }, []);
  const load = useCallback(() => {
    setFailed(false);
    latest().then((r) => setRows(r.rows), () => setFailed(true));
  }, []);

  useEffect(() => {
    if (user.id !== null) refreshCount();
  }, [user.id, user.clientId, refreshCount]);
  useEffect(() => onSocketMessage((m) => {
    if (open && m && typeof m === 'object' && (m as { type?: unknown }).type === 'notifyto2') load();
  }), [open, load]);

  const onOpen = (next: boolean) => {
    setOpen(next);
    if (next) { setRows(null); load(); }
  };
  const readAll = async () => {
    await markRead([]);
    refreshCount();
    load();
  };
  const follow = async (n: Notice) => {
    if (!n.read_at) await markRead([n.id]).catch(() => undefined);
    refreshCount();
    if (n.link && n.link.startsWith('/') && !n.link.startsWith('//')) {
      setOpen(false);
      navigate(n.link);
    } else load();
  };

  const now = Date.now();
  return (
    <Popover positioning="below-end" withArrow open={open} onOpenChange={(_, d) => onOpen(d.open)}>
      <PopoverTrigger disableButtonEnhancement>
        <Button appearance="subtle" className={s.button} icon={<Alert20Regular />} aria-label={t('ui.shell.unread', { count: user.unread })} data-testid="unread-bell">
          {user.unread > 0 ? <CounterBadge className={s.badge} size="small" color="danger" count={user.unread} overflowCount={99} data-testid="unread-count" /> : null}
        </Button>
      </PopoverTrigger>
      <PopoverSurface aria-label={t('ui.notify.bell')}>
        <div className={s.list} data-testid="notice-list">
          <div className={s.head}>
            <Text weight="semibold">{t('ui.notify.unread', { n: user.unread })}</Text>
            <Button size="small" appearance="transparent" disabled={user.unread === 0} onClick={() => void readAll()} data-testid="notice-read-all">
              {t('ui.notify.markAllRead')}
            </Button>
          </div>
          {failed ? <Caption1>{t('ui.notify.loadFailed')}</Caption1> : rows === null ? <Spinner size="tiny" label={t('ui.notify.loading')} /> : null}
          {rows?.length === 0 ? <Caption1>{t('ui.notify.empty')}</Caption1> : null}
          {rows?.map((n) => (
            <button
              type="button"
              key={n.id}
              className={`${s.notice} ${n.read_at ? '' : s.unread} ${s.clickable}`}
              onClick={() => void follow(n)}
              data-testid="notice-item"
              data-unread={n.read_at ? '0' : '1'}
            >
              <Text weight={n.read_at ? 'regular' : 'semibold'}>{n.title}</Text>
              {n.body ? <Text size={200}>{n.body}</Text> : null}
              <Caption1 title={formatDateTime(n.created_at)}>{noticeTimeLabel(n.created_at, now, t, currentLanguage())}</Caption1>
            </button>
          ))}
        </div>
      </PopoverSurface>
    </Popover>
  );
}
