import { Badge, Button, makeStyles, ProgressBar, Text, Title3, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular, ArrowDownloadRegular, ArrowUploadRegular, DocumentSearchRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../grid/cell-text';
import { AdminTable, type AdminColumn } from '../common/admin-kit';
import { applyJobEvent, isActive, jobFraction, STATUS_COLOR } from '../../engine/job-state';
import { useJobEvents } from '../../engine/use-job';
import { downloadFile, uploadApi, UPLOAD_BASE, type JobView } from '../../engine/upload-api';

const PAGE_SIZE = 20;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '12px 16px', maxWidth: '1280px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  grow: { flex: 1 },
  empty: { padding: '40px 16px', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px', color: tokens.colorNeutralForeground3 },
  progress: { display: 'flex', flexDirection: 'column', gap: '2px' },
  clip: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '4px', flexWrap: 'wrap' },
  foot: { display: 'flex', justifyContent: 'center', padding: '8px' },
});

/** One line of figures for a job: what an import found and wrote, or how many rows an export holds. */
function summary(job: JobView, t: (k: string, p?: Record<string, unknown>) => string): string {
  const r = job.result;
  if (!r) return '';
  if (job.kind === 'export') return r.rows !== undefined ? t('upload.summaryExport', { rows: r.rows }) : '';
  if (r.total === undefined) return '';
  const base = t('upload.summaryImport', { total: r.total, valid: r.valid ?? 0, invalid: r.invalid ?? 0 });
  return r.committed ? `${base}${t('upload.summarySeparator')}${t('upload.summaryWritten', { inserted: r.inserted ?? 0, updated: r.updated ?? 0 })}` : base;
}

/**
 * The import centre (spec 2 `/upload/index`): the user's imports and exports, newest first, with
 * live progress bars (socket `job` events), the figures of each import, links to reopen an
 * import's preview, its error workbook, and the file of a finished export.
 */
export function ImportCentrePage() {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [rows, setRows] = useState<JobView[] | null>(null);
  const [total, setTotal] = useState(0);
  const [size, setSize] = useState(PAGE_SIZE);

  const load = useCallback(async (n: number) => {
    try {
      const r = await uploadApi.jobs(1, n);
      setRows(r.rows);
      setTotal(r.total);
    } catch {
      setRows((cur) => cur ?? []);
    }
  }, []);

  useEffect(() => {
    void load(size);
  }, [load, size, i18n.language]);

  useEffect(() => {
    document.title = t('upload.centre');
  }, [t]);

  // Live: events move the bars; a job the list does not know yet, or one that ended, reloads it.
  useJobEvents((event) => {
    const known = rows?.find((j) => j.id === event.id);
    if (!known || (known.status !== event.status && !isActive(event.status))) {
      void load(size);
      return;
    }
    setRows((cur) => (cur ? cur.map((j) => applyJobEvent(j, event)) : cur));
  });

  // Without socket news a running job still advances in the list (a slow poll).
  useEffect(() => {
    if (!rows?.some((j) => isActive(j.status))) return;
    const timer = setInterval(() => void load(size), 4000);
    return () => clearInterval(timer);
  }, [rows, load, size]);

  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  const columns: AdminColumn<JobView>[] = [
    { key: 'kind', header: t('upload.kind'), width: 70, render: (job) => t(`job.kind.${job.kind}`) },
    { key: 'title', header: t('upload.title'), render: (job) => <div className={s.clip} title={job.title ?? ''}>{job.title}</div> },
    {
      key: 'status',
      header: t('upload.status'),
      width: 90,
      render: (job) => (
        <Badge appearance="tint" color={STATUS_COLOR[job.status]} data-testid={`job-status-${job.id}`}>
          {t(`job.status.${job.status}`)}
        </Badge>
      ),
    },
    {
      key: 'progress',
      header: t('upload.progress'),
      width: 140,
      render: (job) => (
        <div className={s.progress}>
          <ProgressBar value={jobFraction(job)} color={job.status === 'failed' ? 'error' : job.status === 'done' ? 'success' : 'brand'} thickness="large" />
          <Text size={100} className={s.muted}>{Math.round(jobFraction(job) * 100)}%</Text>
        </div>
      ),
    },
    {
      key: 'result',
      header: t('upload.result'),
      render: (job) => (
        <Text size={200} style={{ color: job.status === 'failed' ? tokens.colorPaletteRedForeground1 : undefined }}>
          {job.status === 'failed' ? job.error : summary(job, t)}
        </Text>
      ),
    },
    { key: 'created', header: t('upload.createdAt'), width: 150, render: (job) => <Text size={200}>{formatDateTime(job.created_at)}</Text> },
    {
      key: 'actions',
      header: '',
      width: 190,
      render: (job) => (
        <div className={s.actions}>
          {job.kind === 'import' && (
            <Button size="small" appearance="subtle" onClick={() => navigate(`/page/upload/view?job=${job.id}`)} data-testid={`job-open-${job.id}`}>
              {t('upload.view')}
            </Button>
          )}
          {job.kind === 'import' && Number(job.result?.errorCount ?? 0) > 0 && !isActive(job.status) && (
            <Button size="small" appearance="subtle" icon={<ArrowDownloadRegular />} onClick={() => void downloadFile(`${UPLOAD_BASE}/jobs/${job.id}/error-workbook`, { lang }).catch(() => undefined)}>
              {t('upload.errorWorkbookShort')}
            </Button>
          )}
          {job.kind === 'export' && job.status === 'done' && (
            <Button size="small" appearance="subtle" icon={<ArrowDownloadRegular />} onClick={() => void downloadFile(`${UPLOAD_BASE}/jobs/${job.id}/download`, undefined, job.result?.fileName ?? 'export.xlsx').catch(() => undefined)} data-testid={`job-download-${job.id}`}>
              {t('upload.download')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className={s.page} data-testid="import-centre">
      <div className={s.head}>
        <Title3 as="h1">{t('upload.centre')}</Title3>
        <span className={s.grow} />
        <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={() => navigate('/page/upload/view')} data-testid="centre-new-import">
          {t('upload.importTitle')}
        </Button>
        <Button icon={<ArrowClockwise20Regular />} onClick={() => void load(size)} aria-label={t('upload.refresh')}>
          {t('upload.refresh')}
        </Button>
      </div>
      <Text className={s.muted} size={200}>{t('upload.history')}</Text>
      <AdminTable
        label={t('upload.history')}
        testId="centre-jobs"
        size="small"
        columns={columns}
        rows={rows ?? undefined}
        rowKey={(job) => job.id}
        rowTestId={(job) => `job-${job.id}`}
        loading={rows === null}
        error={null}
        emptyContent={
          <div className={s.empty} data-testid="centre-empty">
            <DocumentSearchRegular fontSize={40} />
            <Text>{t('upload.emptyHistory')}</Text>
            <Button appearance="primary" onClick={() => navigate('/page/upload/view')}>{t('upload.importTitle')}</Button>
          </div>
        }
        footer={
          rows !== null && rows.length < total ? (
            <div className={s.foot}>
              <Button appearance="subtle" onClick={() => setSize((n) => n + PAGE_SIZE)}>{t('upload.more')}</Button>
            </div>
          ) : null
        }
      />
    </div>
  );
}
