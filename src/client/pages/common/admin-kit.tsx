import {
  Button,
  Caption1,
  Card,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { ChevronLeft20Regular, ChevronRight20Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { formatDateTime } from '../../grid/cell-text';
import { PageHead } from '../../engine/PageHead';

// The confirmation, the edit dialog and the field errors of a refused save live beside (admin-dialogs).
export { AdminEditDialog, fieldErrorsOf, useConfirm } from './admin-dialogs';

/**
 * Pieces every administration screen shares (users, companies, sign-ups, outbox, import history, ...):
 * the page frame, the table with its loading, empty and paging states, the edit dialog, confirmations.
 */
export const useAdminStyles = makeStyles({
  page: { display: 'grid', gap: '12px', maxWidth: '1400px' },
  head: { display: 'flex', alignItems: 'end', justifyContent: 'space-between', gap: '12px', flexWrap: 'wrap' },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'end' },
  card: { padding: '0', overflow: 'hidden' },
  toolbar: { display: 'flex', gap: '8px', alignItems: 'end', flexWrap: 'wrap', padding: '12px 16px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  empty: { padding: '32px', textAlign: 'center', color: tokens.colorNeutralForeground3 },
  footer: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '8px', padding: '10px 16px' },
  rowActions: { display: 'flex', gap: '4px', flexWrap: 'wrap' },
  form: { display: 'grid', gap: '12px' },
  twoCols: { display: 'grid', gap: '12px', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' },
  muted: { color: tokens.colorNeutralForeground3 },
  // Addresses, keys and hosts wrap inside their column instead of running over the next one.
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, wordBreak: 'break-all' },
});

/** A label in the interface language. */
export function useLabel(): (l: { zh: string; en: string } | null | undefined) => string {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  return (l) => (l ? (en ? l.en || l.zh : l.zh) : '');
}

/** A moment as the product writes it everywhere: YYYY-MM-DD HH:mm:ss in the browser's time zone. */
export const formatTime = (iso: string | null | undefined): string => (iso ? formatDateTime(iso) : '');

/** The frame of an admin screen: title, explanation, actions on the right. */
export function AdminPage(props: { title: string; explain?: string; actions?: ReactNode; testId: string; children: ReactNode }) {
  const s = useAdminStyles();
  return (
    <div className={s.page} data-testid={props.testId}>
      <PageHead title={props.title} explain={props.explain} aside={props.actions ? <div className={s.actions}>{props.actions}</div> : undefined} />
      {props.children}
    </div>
  );
}

/** Loading, refused, failed and empty states of a list (spec 8 toasts already told the user about failures). */
export function ListState(props: { loading: boolean; error: unknown; empty: boolean; emptyText?: string; forbiddenText?: string }) {
  const s = useAdminStyles();
  const { t } = useTranslation();
  if (props.loading) return <Spinner style={{ padding: 32 }} label={t('engine.loading')} />;
  if (props.error instanceof ApiError && props.error.status === 403)
    return (
      <MessageBar intent="warning">
        <MessageBarBody>{props.forbiddenText ?? t('adminui.forbidden')}</MessageBarBody>
      </MessageBar>
    );
  if (props.error)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('adminui.loadFailed')}</MessageBarBody>
      </MessageBar>
    );
  if (props.empty) return <div className={s.empty} data-testid="admin-empty">{props.emptyText ?? t('adminui.empty')}</div>;
  return null;
}

export function Pager(props: { page: number; size: number; total: number; onPage: (p: number) => void }) {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(props.total / props.size));
  return (
    <div className={s.footer}>
      <Caption1>{t('adminui.total', { total: props.total, page: props.page, pages })}</Caption1>
      <Button size="small" icon={<ChevronLeft20Regular />} disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)} aria-label={t('ui.common.previous')} />
      <Button size="small" icon={<ChevronRight20Regular />} disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)} aria-label={t('ui.common.next')} />
    </div>
  );
}

export function AdminCard(props: { children: ReactNode }) {
  const s = useAdminStyles();
  return <Card className={s.card}>{props.children}</Card>;
}

/** One column of an administration table: its header, width and how a row shows in it. */
export type AdminColumn<R> = { key: string; header: ReactNode; width?: number; mono?: boolean; render: (row: R) => ReactNode };

export type AdminTableProps<R> = {
  label: string;
  columns: AdminColumn<R>[];
  /** Undefined while the first page loads. */
  rows: R[] | undefined;
  rowKey: (row: R) => string | number;
  rowTestId?: (row: R) => string;
  loading: boolean;
  error: unknown;
  emptyText?: string;
  /** Who may see this list, when the caller may not (else the administration screens' own words). */
  forbiddenText?: string;
  /** Shown instead of the plain empty text (a way forward, such as "start an import"). */
  emptyContent?: ReactNode;
  /** Below the rows instead of the pager ("show more"). */
  footer?: ReactNode;
  /** Filters above the table. */
  toolbar?: ReactNode;
  paging?: { page: number; size: number; total: number; onPage: (page: number) => void };
  testId?: string;
  size?: 'small' | 'medium';
};

/**
 * The one table of the administration screens: a card with the filters, the loading, refused,
 * failed and empty states, the rows by declared columns, and the pager.
 *
 * Example: `<AdminTable label="Users" columns={[{ key: 'name', header: 'Name', render: (u) => u.fullname }]} rows={data?.rows} rowKey={(u) => u.id} loading={isLoading} error={error} />`.
 */
export function AdminTable<R>(props: AdminTableProps<R>) {
  const s = useAdminStyles();
  const rows = props.rows;
  return (
    <AdminCard>
      {props.toolbar ? <div className={s.toolbar}>{props.toolbar}</div> : null}
      <ListState loading={props.loading} error={props.error} empty={!props.emptyContent && !!rows && rows.length === 0} emptyText={props.emptyText} forbiddenText={props.forbiddenText} />
      {props.emptyContent && rows && rows.length === 0 ? props.emptyContent : null}
      {rows && rows.length > 0 ? (
        <Table aria-label={props.label} size={props.size} data-testid={props.testId}>
          <TableHeader>
            <TableRow>
              {props.columns.map((c) => (
                <TableHeaderCell key={c.key} style={c.width ? { width: c.width } : undefined}>
                  {c.header}
                </TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={props.rowKey(r)} data-testid={props.rowTestId?.(r)}>
                {props.columns.map((c) => (
                  <TableCell key={c.key} className={c.mono ? s.mono : undefined}>
                    {c.render(r)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {props.paging && rows ? <Pager {...props.paging} /> : null}
      {props.footer}
    </AdminCard>
  );
}
