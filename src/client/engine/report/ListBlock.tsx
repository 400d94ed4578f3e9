import { Badge, Button, Caption1, makeStyles, mergeClasses, Spinner, Text, tokens } from '@fluentui/react-components';
import { ChevronRight16Regular, Megaphone20Regular, MailUnread20Regular, ShieldTask16Regular, TaskListLtr20Regular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Label } from '../../../model/entity';
import { badgeShown, orderedRows, rowText, type ListBlock as ListBlockDef, type ListBlockRow } from '../../../model/list-block';
import { callApi, useCall } from '../../api/calls';
import { access } from '../../session/access-state';
import { onSocketMessage } from '../../session/notification-socket';
import { labelIn } from '../../../model/label-text';

const T = {
  failed: { zh: '加载失败', en: 'Could not be loaded' },
  due: { zh: '截止', en: 'Due' },
  overdue: { zh: '已逾期', en: 'Overdue' },
} satisfies Record<string, Label>;

const ICONS = { task: <TaskListLtr20Regular />, mail: <MailUnread20Regular />, megaphone: <Megaphone20Regular /> };

const useStyles = makeStyles({
  list: { display: 'grid', gap: '2px', margin: 0, padding: 0, listStyle: 'none' },
  row: {
    display: 'grid', gridTemplateColumns: '28px 1fr auto', gap: '10px', alignItems: 'center', padding: '8px 8px',
    borderRadius: tokens.borderRadiusMedium, cursor: 'pointer', ':hover': { background: tokens.colorNeutralBackground1Hover },
  },
  icon: { width: '28px', height: '28px', borderRadius: '8px', display: 'grid', placeItems: 'center', background: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
  warn: { background: tokens.colorPaletteRedBackground1, color: tokens.colorPaletteRedForeground1 },
  note: { background: tokens.colorPaletteMarigoldBackground1, color: tokens.colorPaletteMarigoldForeground2 },
  text: { minWidth: 0, display: 'grid' },
  meta: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  late: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'nowrap' },
  end: { display: 'flex', gap: '6px', alignItems: 'center' },
  empty: { padding: '18px 4px', color: tokens.colorNeutralForeground3 },
  strip: { display: 'flex', alignItems: 'center', gap: '8px', padding: '2px 0 8px', flexWrap: 'wrap' },
});

/**
 * A declared list block (src/model/list-block.ts) on a personal board: its rows from the declared
 * call in the declared order, a row opening its page (read first when the block says so), the
 * count, a second call's counter, "mark all read", and a reload on the declared socket messages.
 * `since` writes a relative time ("3 hours ago"); `testId` names the block (rows `<testId>-row`).
 */
export function ListBlock({ def, testId, since }: { def: ListBlockDef; testId: string; since: (at: string) => string }) {
  const s = useStyles();
  const { i18n } = useTranslation();
  const tr = (l: Label) => labelIn(l, i18n.language);
  const navigate = useNavigate();
  const { data, error, mutate } = useCall(def.source, def.input ?? {}, { quiet: true });
  const counter = useCall(def.counter?.source ?? def.source, def.counter ? (def.counter.input ?? {}) : null, { quiet: true });
  const live = def.live;
  useEffect(() => (live?.length ? onSocketMessage((m) => void (live.includes((m as { type?: string } | null)?.type ?? '') && mutate())) : undefined), [live, mutate]);
  if (error) return <div className={s.empty}>{tr(T.failed)}</div>;
  if (!data) return <Spinner size="tiny" />;
  const rows = orderedRows(def, data.rows);
  const read = async (ids: number[]) => {
    if (!def.open.read) return;
    await callApi(def.open.read, { ids });
    access.unread = Math.max(0, access.unread - ids.length);
    await mutate();
  };
  const open = (r: ListBlockRow) => void read([r.id]).then(() => navigate(def.open.link ? rowText(r, def.open.link) || def.open.to : def.open.to));
  const total = (counter.data as { total?: number } | undefined)?.total ?? 0;
  return (
    <div data-testid={testId}>
      {def.count || (def.counter && total > 0) ? (
        <div className={s.strip}>
          {def.count ? <Text weight="semibold" data-testid={`${testId.replace(/^board-/, '')}-count`}>{tr(def.count).replace('{n}', String(data.rows.length))}</Text> : null}
          {def.counter && total > 0 ? (
            <Button size="small" appearance="secondary" icon={<ShieldTask16Regular />} onClick={() => navigate(def.counter!.to)} data-testid={`${testId.replace(/^board-/, '')}-counter`}>
              {tr(def.counter.label)} {total}
            </Button>
          ) : null}
        </div>
      ) : null}
      {!rows.length ? <div className={s.empty}>{tr(def.empty)}</div> : null}
      <ul className={s.list}>
        {rows.map((r) => <ListRow key={r.id} def={def} row={r} tr={tr} since={since} onOpen={() => open(r)} testId={`${testId.replace(/^board-/, '')}-row`} />)}
      </ul>
      {def.readAll && def.open.read && rows.length > 1 ? (
        <Button size="small" appearance="subtle" onClick={() => void read(rows.map((r) => r.id))}>{tr(def.readAll)}</Button>
      ) : null}
    </div>
  );
}

function ListRow({ def, row, tr, since, onOpen, testId }: { def: ListBlockDef; row: ListBlockRow; tr: (l: Label) => string; since: (at: string) => string; onOpen: () => void; testId: string }) {
  const s = useStyles();
  const title = rowText(row, def.line.title);
  const sub = (def.line.sub ?? []).map((f) => rowText(row, f)).filter(Boolean).join(' · ');
  const bold = def.line.bold || (def.line.boldUnless !== undefined && !row[def.line.boldUnless]);
  const warn = typeof def.tone === 'object' && row[def.tone.warn.field] === def.tone.warn.equals;
  const badge = badgeShown(def, row);
  const at = def.date ? rowText(row, def.date.field) : '';
  const late = def.date?.kind === 'due' && !!at && at < new Date().toISOString().slice(0, 10);
  return (
    <li className={s.row} onClick={onOpen} data-testid={testId}>
      <span className={mergeClasses(s.icon, def.tone === 'note' && s.note, warn && s.warn)}>{ICONS[def.icon]}</span>
      <span className={s.text}>
        <Text truncate wrap={false} block weight={bold ? 'semibold' : 'regular'} title={title}>{title}</Text>
        {sub ? <Caption1 truncate wrap={false} block className={s.meta}>{sub}</Caption1> : null}
      </span>
      <span className={s.end}>
        {badge && def.badge ? <Badge size="small" appearance="tint" color={def.badge.color}>{tr(def.badge.label)}</Badge> : null}
        {at && def.date?.kind === 'due' ? <Caption1 className={late ? s.late : s.meta}>{late ? tr(T.overdue) : tr(T.due)} {at}</Caption1> : null}
        {at && def.date?.kind === 'since' ? <Caption1 className={s.meta}>{since(at)}</Caption1> : null}
        {!badge && !def.date ? <ChevronRight16Regular /> : null}
      </span>
    </li>
  );
}
