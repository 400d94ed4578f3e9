import { Badge, Button, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../grid/cell-text';
import type { AdminColumn } from '../common/admin-kit';
import { isActive, jobFraction, STATUS_COLOR } from '../../engine/job-state';
import { downloadFile, UPLOAD_BASE, type JobView } from '../../engine/upload-api';

const useStyles = makeStyles({
  progress: { display: 'flex', flexDirection: 'column', gap: '2px' },
  clip: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '4px', flexWrap: 'wrap' },
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

/** A job's bar and percent. */
function JobProgress({ job }: { job: JobView }) {
  const s = useStyles();
  return (
    <div className={s.progress}>
      <ProgressBar value={jobFraction(job)} color={job.status === 'failed' ? 'error' : job.status === 'done' ? 'success' : 'brand'} thickness="large" />
      <Text size={100} className={s.muted}>{Math.round(jobFraction(job) * 100)}%</Text>
    </div>
  );
}

/** A job's links: reopen an import's preview, its error workbook, the file of a finished export. */
function JobActions({ job }: { job: JobView }) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';
  return (
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
  );
}

/** The history table's columns: kind, title, status, progress, figures or error, time, links. */
export function useCentreColumns(): AdminColumn<JobView>[] {
  const s = useStyles();
  const { t } = useTranslation();
  return [
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
    { key: 'progress', header: t('upload.progress'), width: 140, render: (job) => <JobProgress job={job} /> },
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
    { key: 'actions', header: '', width: 190, render: (job) => <JobActions job={job} /> },
  ];
}
