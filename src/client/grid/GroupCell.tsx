import { Badge, Link, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, ChevronRightRegular } from '@fluentui/react-icons';
import type { ICellRendererParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { GroupGridRow } from './group-rows';

const useStyles = makeStyles({
  cell: { display: 'flex', alignItems: 'center', gap: '6px', height: '100%', minWidth: 0 },
  label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  chevron: { flexShrink: 0, color: tokens.colorNeutralForeground2 },
  indent: { paddingLeft: '22px', color: tokens.colorNeutralForeground3 },
});

/** What the cell's row offers: reading more of its group. */
export type GroupCellParams = ICellRendererParams<GroupGridRow> & { onMore: (groupId: string) => void };

/**
 * The first cell of a grouped list's row: a group's chevron, name and row count; a reading or "more"
 * row of an open group; the grand total's name and count. A record's cell stays empty, indented
 * under its group.
 */
export function GroupCell(p: GroupCellParams) {
  const s = useStyles();
  const { t } = useTranslation();
  const row = p.data;
  if (!row) return null;
  if (row.__kind === 'group')
    return (
      <span className={s.cell} data-testid="group-row" data-group={row.__group} aria-expanded={row.__expanded} title={t('groups.expandHint')}>
        {row.__expanded ? <ChevronDownRegular className={s.chevron} /> : <ChevronRightRegular className={s.chevron} />}
        <span className={s.label}>{row.__label}</span>
        <Badge appearance="tint" size="small" color="informative">
          {t('groups.rows', { count: row.__count })}
        </Badge>
      </span>
    );
  if (row.__kind === 'total')
    return (
      <span className={s.cell} data-testid="group-total">
        <span className={s.label}>{t('groups.total')}</span>
        <Badge appearance="filled" size="small" color="brand">
          {t('groups.rows', { count: row.__count })}
        </Badge>
      </span>
    );
  if (row.__kind === 'loading')
    return (
      <span className={`${s.cell} ${s.indent}`} data-testid="group-loading">
        <Spinner size="extra-tiny" /> {t('groups.loadingRows')}
      </span>
    );
  if (row.__kind === 'more')
    return (
      <span className={`${s.cell} ${s.indent}`}>
        <Link onClick={() => p.onMore(row.__group)} data-testid="group-more">
          {t('groups.more', { count: row.__remaining })}
        </Link>
      </span>
    );
  return <span className={s.indent} />;
}
