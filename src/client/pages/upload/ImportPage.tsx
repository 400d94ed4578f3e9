import {
  Badge,
  Button,
  Card,
  CardHeader,
  Checkbox,
  Dropdown,
  Field,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Option,
  ProgressBar,
  Spinner,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, CheckmarkCircleRegular, DocumentTableArrowRightRegular, HistoryRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { allPages, pageRoute } from '../../../model/page';
import { uploadTypeMessageKey } from '../../../model/excel';
import { resolvedPageOf } from '../../api/resolved-page';
import { AppLink } from '../../shell/AppLink';
import { toast } from '../../kernel/toast-bus';
import { ImportErrorsGrid } from './ImportErrorsGrid';
import { DropZone } from './DropZone';
import { commitChoice, importStage, jobFraction } from '../../engine/job-state';
import { useJob } from '../../engine/use-job';
import { downloadFile, uploadApi, uploadForm, UPLOAD_BASE, type JobView, type UploadLink } from '../../engine/upload-api';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '12px 16px', maxWidth: '1200px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  grow: { flex: 1 },
  card: { padding: '14px 16px', gap: '10px' },
  row: { display: 'flex', alignItems: 'end', gap: '12px', flexWrap: 'wrap' },
  options: { display: 'flex', gap: '16px', flexWrap: 'wrap', alignItems: 'center' },
  counts: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
});

/** The list page of an entity, where "open the list" leads after an import. */
function listRouteOf(entity: string | undefined): string | null {
  const page = entity ? allPages().find((p) => p.entity === entity && ['index', 'page', 'masterdetail', 'ectabindex'].includes(p.kind)) : undefined;
  return page ? pageRoute(page) : null;
}

/** The entity a link of the page preselects: `?entity=` or the entity of `?opt=`. */
function preselected(search: URLSearchParams): string | null {
  const entity = search.get('entity');
  if (entity) return entity;
  const opt = search.get('opt');
  return opt ? (resolvedPageOf(opt)?.entity.name ?? null) : null;
}

/**
 * The import page (spec 2 `/page/upload/view`, and `/page/upload/viewadv` with every entity and
 * the direct-import option): choose what to import, download its template (zh or en headers),
 * drop the filled file, watch it being checked, read every error in the preview grid or the error
 * workbook, then confirm: all-or-nothing by default, or the valid rows only; inserts, or updates
 * by code. `?job=` reopens a job from the import centre's history.
 */
export function ImportPage({ advanced = false }: { advanced?: boolean }) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const jobParam = Number(search.get('job')) || null;
  const { job, setJob, loading } = useJob(jobParam);
  const [links, setLinks] = useState<UploadLink[] | null>(null);
  const [entity, setEntity] = useState<string | null>(preselected(search));
  const [upsert, setUpsert] = useState(false);
  const [validOnly, setValidOnly] = useState(false);
  const [direct, setDirect] = useState(false);
  const [sending, setSending] = useState<number | null>(null);
  const [committing, setCommitting] = useState(false);

  // The page's templates: `?opt=` narrows to that page (spec 7 page-upload-links), else every entity.
  const opt = advanced ? undefined : (search.get('opt') ?? undefined);
  useEffect(() => {
    let live = true;
    uploadApi
      .links({ opt })
      .then((list) => {
        if (!live) return;
        setLinks(list);
        setEntity((cur) => (cur && list.some((l) => l.entity === cur) ? cur : (list[0]?.entity ?? null)));
      })
      .catch(() => live && setLinks([]));
    return () => {
      live = false;
    };
  }, [opt, i18n.language]);

  // A reopened job brings its own entity and options.
  useEffect(() => {
    if (!job) return;
    if (job.params.entity) setEntity(job.params.entity);
    setUpsert(job.params.mode === 'upsert');
  }, [job?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- a reopened job (a new id) sets entity and mode once; its progress replies must not undo the user's choice

  useEffect(() => {
    document.title = t(advanced ? 'upload.advanced' : 'upload.importTitle');
  }, [t, advanced]);

  const link = links?.find((l) => l.entity === entity) ?? null;
  const stage = importStage(job);
  const lang = i18n.language === 'en' ? 'en' : 'zh-CN';

  const adopt = (next: JobView | null) => {
    setJob(next);
    const params = new URLSearchParams(search);
    if (next) params.set('job', String(next.id));
    else params.delete('job');
    setSearch(params, { replace: true });
  };

  const downloadTemplate = async (language: 'zh-CN' | 'en') => {
    if (!link) return;
    await downloadFile(`${UPLOAD_BASE}/template`, { entity: link.entity, lang: language }, `${link.entity}.xlsx`).catch(() => undefined);
  };

  const upload = async (file: File) => {
    if (!link) return;
    // spec 8 "upload failed": only .xlsx; the server refuses the rest too.
    const wrongType = uploadTypeMessageKey(file.name);
    if (wrongType) {
      toast.error(t(wrongType));
      return;
    }
    const form = new FormData();
    form.set('entity', link.entity);
    form.set('mode', upsert && link.upsert ? 'upsert' : 'insert');
    form.set('commit', advanced && direct ? (validOnly ? 'valid' : 'all') : 'check');
    form.set('lang', lang);
    form.set('file', file, file.name);
    setSending(0);
    try {
      const started = await uploadForm<JobView>(`${UPLOAD_BASE}/upload`, form, (f) => setSending(f));
      adopt(started);
    } catch {
      /* the reactions showed why */
    } finally {
      setSending(null);
    }
  };

  const commit = async () => {
    if (!job) return;
    setCommitting(true);
    try {
      setJob(await uploadApi.commit(job.id, validOnly));
    } catch {
      /* shown by the reactions */
    } finally {
      setCommitting(false);
    }
  };

  const choice = commitChoice(job?.result ?? null, validOnly);
  const listRoute = listRouteOf(job?.params.entity ?? entity ?? undefined);
  const entityOptions = useMemo(() => links ?? [], [links]);
  const busy = sending !== null || stage === 'working';
  const phase = job?.params.phase === 'commit' ? t('upload.writing') : t('upload.checking');

  return (
    <div className={s.page} data-testid={advanced ? 'import-page-adv' : 'import-page'}>
      <div className={s.head}>
        <Title3 as="h1">{t(advanced ? 'upload.advanced' : 'upload.importTitle')}</Title3>
        <span className={s.grow} />
        {!advanced && <AppLink to="/page/upload/viewadv">{t('upload.advanced')}</AppLink>}
        <Button icon={<HistoryRegular />} appearance="subtle" onClick={() => navigate('/upload/index')} data-testid="open-history">
          {t('upload.history')}
        </Button>
      </div>

      <Card className={s.card}>
        <CardHeader header={<Text weight="semibold">1. {t('upload.stepTemplate')}</Text>} />
        {links === null ? (
          <Spinner size="tiny" label={t('engine.loading')} />
        ) : links.length === 0 ? (
          <MessageBar intent="warning"><MessageBarBody>{t('upload.noTemplates')}</MessageBarBody></MessageBar>
        ) : (
          <div className={s.row}>
            <Field label={t('upload.entity')}>
              <Dropdown
                value={link?.title ?? ''}
                selectedOptions={entity ? [entity] : []}
                onOptionSelect={(_, d) => setEntity(d.optionValue ?? null)}
                disabled={busy || stage === 'preview'}
                style={{ minWidth: 220 }}
                data-testid="import-entity"
              >
                {entityOptions.map((l) => (
                  <Option key={l.entity} value={l.entity}>{l.title}</Option>
                ))}
              </Dropdown>
            </Field>
            <Menu>
              <MenuTrigger disableButtonEnhancement>
                <Button icon={<ArrowDownloadRegular />} disabled={!link} data-testid="download-template">{t('upload.downloadTemplate')}</Button>
              </MenuTrigger>
              <MenuPopover>
                <MenuList>
                  <MenuItem onClick={() => void downloadTemplate('zh-CN')} data-testid="template-zh">{t('upload.templateZh')}</MenuItem>
                  <MenuItem onClick={() => void downloadTemplate('en')} data-testid="template-en">{t('upload.templateEn')}</MenuItem>
                </MenuList>
              </MenuPopover>
            </Menu>
            {link?.masterDetail && <Text size={200} className={s.muted}>{t('upload.masterDetailHint')}</Text>}
          </div>
        )}
      </Card>

      <Card className={s.card}>
        <CardHeader header={<Text weight="semibold">2. {t('upload.stepUpload')}</Text>} />
        <div className={s.options}>
          <Checkbox
            label={t('upload.modeUpsert')}
            checked={upsert}
            disabled={!link?.upsert || busy || stage === 'preview'}
            onChange={(_, d) => setUpsert(Boolean(d.checked))}
            data-testid="option-upsert"
          />
          <Checkbox label={t('upload.commitValid')} checked={validOnly} disabled={busy} onChange={(_, d) => setValidOnly(Boolean(d.checked))} data-testid="option-valid-only" />
          {advanced && <Checkbox label={t('upload.direct')} checked={direct} disabled={busy} onChange={(_, d) => setDirect(Boolean(d.checked))} data-testid="option-direct" />}
        </div>
        <Text size={200} className={s.muted}>{validOnly ? t('upload.validOnlyHint') : t('upload.commitAllHint')}</Text>
        {stage !== 'preview' && stage !== 'working' && (
          <DropZone accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" disabled={!link || busy} label={t('upload.dropHere')} hint={t('upload.dropHint')} onFiles={([f]) => void upload(f)} testId="import-drop" />
        )}
        {sending !== null && <ProgressBar value={sending} thickness="large" aria-label={t('upload.uploading', { percent: Math.round(sending * 100) })} />}
        {sending !== null && <Text size={200}>{t('upload.uploading', { percent: Math.round(sending * 100) })}</Text>}
        {loading && !job && <Spinner size="tiny" label={t('engine.loading')} />}
        {job && stage === 'working' && (
          <div data-testid="import-progress">
            <Text size={200}>{phase} {Math.round(jobFraction(job) * 100)}%</Text>
            <ProgressBar value={jobFraction(job)} thickness="large" />
            <Text size={200} className={s.muted}>{t('upload.leaveHint')}</Text>
          </div>
        )}
      </Card>

      {job && stage === 'failed' && (
        <MessageBar intent="error" data-testid="import-failed">
          <MessageBarBody>
            <MessageBarTitle>{t('upload.failed')}</MessageBarTitle>
            {job.error}
          </MessageBarBody>
          <Button size="small" onClick={() => adopt(null)}>{t('upload.again')}</Button>
        </MessageBar>
      )}

      {job && (stage === 'preview' || stage === 'done') && (
        <Card className={s.card} data-testid="import-preview">
          <CardHeader header={<Text weight="semibold">3. {t(stage === 'done' ? 'upload.stepResult' : 'upload.stepPreview')}</Text>} description={<Text size={200} className={s.muted}>{String(job.params.fileName ?? '')}</Text>} />
          <div className={s.counts} data-testid="import-counts">
            <Badge appearance="outline" size="large">{t('upload.total')} {job.result?.total ?? 0}</Badge>
            {link?.masterDetail && <Badge appearance="outline" size="large">{t('upload.documents')} {job.result?.documents}</Badge>}
            <Badge appearance="tint" color="success" size="large">{t('upload.valid')} {job.result?.valid ?? 0}</Badge>
            <Badge appearance="tint" color={(job.result?.invalid ?? 0) > 0 ? 'danger' : 'informative'} size="large">{t('upload.invalid')} {job.result?.invalid ?? 0}</Badge>
            {stage === 'done' && <Badge appearance="filled" color="success" size="large">{t('upload.inserted')} {job.result?.inserted ?? 0}</Badge>}
            {stage === 'done' && <Badge appearance="filled" color="brand" size="large">{t('upload.updated')} {job.result?.updated ?? 0}</Badge>}
          </div>
          {stage === 'done' && (
            <MessageBar intent="success" data-testid="import-done">
              <MessageBarBody>{t('upload.done', { inserted: job.result?.inserted ?? 0, updated: job.result?.updated ?? 0 })}</MessageBarBody>
            </MessageBar>
          )}
          {Number(job.result?.errorCount ?? 0) > 0 ? (
            <>
              <div className={s.actions}>
                <Text weight="semibold">{t('upload.errors')} ({job.result?.errorCount})</Text>
                <span className={s.grow} />
                <Button icon={<ArrowDownloadRegular />} onClick={() => void downloadFile(`${UPLOAD_BASE}/jobs/${job.id}/error-workbook`, { lang }).catch(() => undefined)} data-testid="download-errors">
                  {t('upload.errorWorkbook')}
                </Button>
                <Button icon={<ArrowDownloadRegular />} appearance="subtle" onClick={() => void downloadFile(`${UPLOAD_BASE}/jobs/${job.id}/error-workbook`, { lang, only: 'errors' }).catch(() => undefined)} data-testid="download-errors-only">
                  {t('upload.errorWorkbookOnly')}
                </Button>
              </div>
              {job.result?.errorsTruncated && <Text size={200} className={s.muted}>{t('upload.errorsTruncatedHint')}</Text>}
              <ImportErrorsGrid jobId={job.id} rows={Number(job.result?.errorCount ?? 0)} />
            </>
          ) : (
            stage === 'preview' && (
              <MessageBar intent="success"><MessageBarBody>{t('upload.noErrors')}</MessageBarBody></MessageBar>
            )
          )}
          <div className={s.actions}>
            {stage === 'preview' && (
              <Button appearance="primary" icon={<CheckmarkCircleRegular />} disabled={!choice.allowed || committing} onClick={() => void commit()} data-testid="import-commit">
                {validOnly ? t('upload.commitValid') : t('upload.confirm')}
              </Button>
            )}
            {stage === 'preview' && choice.reason === 'errors' && <Text size={200} className={s.muted}>{t('upload.fixOrValidOnly')}</Text>}
            {stage === 'preview' && choice.reason === 'nothing' && <Text size={200} className={s.muted}>{t('excel.nothingToCommit')}</Text>}
            <span className={s.grow} />
            {stage === 'done' && listRoute && (
              <AppLink to={listRoute} data-testid="open-list">
                <DocumentTableArrowRightRegular /> {t('upload.openList')}
              </AppLink>
            )}
            <Button onClick={() => adopt(null)} data-testid="import-again">{t('upload.again')}</Button>
          </div>
        </Card>
      )}
    </div>
  );
}

export function ImportViewPage() {
  return <ImportPage />;
}

export function ImportAdvancedPage() {
  return <ImportPage advanced />;
}
