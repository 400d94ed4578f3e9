import { Button, makeStyles, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { ArrowDownload16Regular, Attach20Regular, Delete16Regular } from '@fluentui/react-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../model/i18n/attachments-part';
import { StoredLink } from '../../api/StoredFile';
import { formatDateTime } from '../../grid/cell-text';
import { ConfirmDialog } from '../dialogs';
import type { DrawerExtensionProps } from '../drawer-extensions';
import { useAttachments } from './use-attachments';

const useStyles = makeStyles({
  panel: { marginTop: '20px', borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '12px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', marginBottom: '8px' },
  title: { fontWeight: tokens.fontWeightSemibold },
  hint: { color: tokens.colorNeutralForeground3 },
  empty: { color: tokens.colorNeutralForeground3, padding: '8px 0' },
  name: { wordBreak: 'break-all' },
  file: { display: 'none' },
});

/** Bytes as the user reads them (KB below a megabyte). */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The attachments panel under a stored document's form (issue 35), for every entity that declares
 * `attachments: true`: the files with who added them and when, a download link each (a signed link
 * of the stored file), and for a caller with the document's edit right an upload button and a
 * remove button that asks first.
 */
export function AttachmentsPanel({ rf, resolved }: DrawerExtensionProps) {
  const s = useStyles();
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const m = useAttachments(resolved.entity, Number(rf.id));
  return (
    <section className={s.panel} data-testid="attachments-panel" aria-label={t('attachment.title')}>
      <div className={s.head}>
        <Text className={s.title}>{t('attachment.title')}{m.rows ? ` (${m.rows.length})` : ''}</Text>
        {m.canEdit && (
          <>
            <Button size="small" icon={m.busy ? <Spinner size="tiny" /> : <Attach20Regular />} disabled={m.busy} onClick={() => input.current?.click()} data-testid="attachment-upload">
              {m.busy ? t('attachment.uploading') : t('attachment.upload')}
            </Button>
            <Text size={200} className={s.hint}>{t('attachment.limit', { mb: m.maxMb })}</Text>
            <input ref={input} type="file" className={s.file} data-testid="attachment-file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                e.target.value = '';
                if (f) void m.upload(f);
              }} />
          </>
        )}
      </div>
      <AttachmentRows m={m} />
      <ConfirmDialog open={m.removing !== null} text={t('attachment.removeConfirm', { name: m.removing?.name ?? '' })} onConfirm={() => void m.confirmRemove()} onCancel={() => m.askRemove(null)} danger />
    </section>
  );
}

function AttachmentRows({ m }: { m: ReturnType<typeof useAttachments> }) {
  const s = useStyles();
  const { t } = useTranslation();
  if (m.failed) return <div className={s.empty}>{t('attachment.loadFailed')}</div>;
  if (m.rows === null) return <Spinner size="tiny" label={t('engine.loading')} />;
  if (!m.rows.length) return <div className={s.empty} data-testid="attachments-empty">{t('attachment.empty')}</div>;
  return (
    <Table size="small" aria-label={t('attachment.title')} data-testid="attachments-table">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('attachment.name')}</TableHeaderCell>
          <TableHeaderCell style={{ width: 90 }}>{t('attachment.size')}</TableHeaderCell>
          <TableHeaderCell style={{ width: 100 }}>{t('attachment.by')}</TableHeaderCell>
          <TableHeaderCell style={{ width: 150 }}>{t('attachment.at')}</TableHeaderCell>
          <TableHeaderCell style={{ width: m.canEdit ? 170 : 90 }} />
        </TableRow>
      </TableHeader>
      <TableBody>
        {m.rows.map((a) => (
          <TableRow key={a.key} data-testid="attachment-row">
            <TableCell className={s.name}>{a.name}</TableCell>
            <TableCell>{sizeText(a.size)}</TableCell>
            <TableCell>{a.created_by_name}</TableCell>
            <TableCell>{formatDateTime(a.created_at)}</TableCell>
            <TableCell>
              <StoredLink href={a.url} download={a.name} data-testid="attachment-download"><ArrowDownload16Regular /> {t('attachment.download')}</StoredLink>
              {m.canEdit && (
                <Button size="small" appearance="subtle" icon={<Delete16Regular />} disabled={m.busy} onClick={() => m.askRemove(a)} data-testid="attachment-remove" style={{ marginLeft: 8 }}>
                  {t('attachment.remove')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
