import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { allPages, pageRoute } from '../../../model/page';
import { getEntity } from '../../../model';
import { DYNAMIC_FORM_CODE_PATTERN } from '../../../model/dynamic-form';
import { uploadTypeMessageKey } from '../../../model/excel';
import { resolvedPageOf } from '../../api/resolved-page';
import { toast } from '../../kernel/toast-bus';
import { commitChoice, importStage } from '../../engine/job-state';
import { useJob } from '../../engine/use-job';
import { downloadFile, uploadApi, uploadForm, UPLOAD_BASE, type JobView, type UploadLink } from '../../engine/upload-api';
import type { ConfirmedMapping } from '../../../model/import-mapping';
import { useImportMapping } from './use-import-mapping';

/** The list page of an entity, where "open the list" leads after an import. */
function listRouteOf(entity: string | undefined): string | null {
  const page = entity ? allPages().find((p) => p.entity === entity && ['index', 'page', 'masterdetail', 'ectabindex'].includes(p.kind)) : undefined;
  if (page) return pageRoute(page);
  // A dynamic form's records (issue 33: imported by the form's code) are listed on the form's own page.
  return entity && !getEntity(entity) && DYNAMIC_FORM_CODE_PATTERN.test(entity) ? `/approvals/forms/${entity}` : null;
}

/** The entity a link of the page preselects: `?entity=` or the entity of `?opt=`. */
function preselected(search: URLSearchParams): string | null {
  const entity = search.get('entity');
  if (entity) return entity;
  const opt = search.get('opt');
  return opt ? (resolvedPageOf(opt)?.entity.name ?? null) : null;
}

/** The import options the user sets: the entity, insert or update by code (or update only), valid rows only, direct. */
function useImportOptions(search: URLSearchParams) {
  const [entity, setEntity] = useState<string | null>(preselected(search));
  const [upsert, setUpsert] = useState(false);
  const [updateOnly, setUpdateOnly] = useState(false);
  const [validOnly, setValidOnly] = useState(false);
  const [direct, setDirect] = useState(false);
  return { entity, setEntity, upsert, setUpsert, updateOnly, setUpdateOnly, validOnly, setValidOnly, direct, setDirect };
}

/** The page's templates: `?opt=` narrows to that page (spec 7 page-upload-links), else every entity. */
function useUploadLinks(opt: string | undefined, setEntity: (update: (cur: string | null) => string | null) => void) {
  const { i18n } = useTranslation();
  const [links, setLinks] = useState<UploadLink[] | null>(null);
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
  }, [opt, i18n.language, setEntity]);
  return links;
}

/** The form an upload sends: the entity, the mode, whether to check only or commit at once, the file. */
export function uploadFormOf(link: UploadLink, file: File, o: { upsert: boolean; updateOnly: boolean; validOnly: boolean; direct: boolean; advanced: boolean; lang: string }, mapping?: ConfirmedMapping | null): FormData {
  const form = new FormData();
  form.set('entity', link.entity);
  // Update only (issue 33): rows whose code names no record are errors, nothing is created.
  form.set('mode', o.upsert && link.upsert ? (o.updateOnly ? 'update' : 'upsert') : 'insert');
  form.set('commit', o.advanced && o.direct ? (o.validOnly ? 'valid' : 'all') : 'check');
  form.set('lang', o.lang);
  // A sheet of the buyer's own layout goes with the mapping the buyer confirmed (issue 33).
  if (mapping) form.set('mapping', JSON.stringify(mapping));
  form.set('file', file, file.name);
  return form;
}

type ImportOptions = ReturnType<typeof useImportOptions>;

/** A reopened job brings its own entity and options (once per job: its progress replies must not undo the user's choice). */
function useReopenedJobOptions(job: JobView | null, options: ImportOptions) {
  const { setEntity, setUpsert, setUpdateOnly } = options;
  useEffect(() => {
    if (!job) return;
    if (job.params.entity) setEntity(job.params.entity);
    setUpsert(job.params.mode === 'upsert' || job.params.mode === 'update');
    setUpdateOnly(job.params.mode === 'update');
  }, [job?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- a reopened job (a new id) sets entity and mode once; its progress replies must not undo the user's choice
}

/**
 * The upload of a workbook: its type checked, a sheet of the buyer's own layout stopped at the
 * mapping step (our template goes on at once), the send with its progress, the job adopted.
 */
function useImportUpload(link: UploadLink | null, options: ImportOptions, o: { advanced: boolean; lang: string }, adopt: (job: JobView | null) => void) {
  const { t } = useTranslation();
  const [sending, setSending] = useState<number | null>(null);
  const mapping = useImportMapping();
  const { upsert, updateOnly, validOnly, direct } = options;

  const send = async (file: File, confirmed: ConfirmedMapping | null) => {
    if (!link) return;
    setSending(0);
    try {
      adopt(await uploadForm<JobView>(`${UPLOAD_BASE}/upload`, uploadFormOf(link, file, { upsert, updateOnly, validOnly, direct, ...o }, confirmed), (f) => setSending(f)));
      mapping.clear();
    } catch {
      /* the reactions showed why (a required field left unmapped is named) */
    } finally {
      setSending(null);
    }
  };

  const upload = async (file: File) => {
    if (!link) return;
    // spec 8 "upload failed": only .xlsx; the server refuses the rest too.
    const wrongType = uploadTypeMessageKey(file.name);
    if (wrongType) {
      toast.error(t(wrongType));
      return;
    }
    if ((await mapping.propose(link.entity, file, o.lang)) === 'template') await send(file, null);
  };

  const confirmMapping = () => (mapping.pending && mapping.confirmed ? send(mapping.pending.file, mapping.confirmed) : Promise.resolve());
  return { sending, mapping, upload, confirmMapping };
}

/**
 * The import page's state and commands: the templates and the chosen entity, the options, the
 * upload with its progress, the job it started (or `?job=` reopened) and its confirmation.
 */
export function useImport(advanced: boolean) {
  const { i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { job, setJob, loading } = useJob(Number(search.get('job')) || null);
  const options = useImportOptions(search);
  const { entity, setEntity, validOnly } = options;
  const [committing, setCommitting] = useState(false);
  const links = useUploadLinks(advanced ? undefined : (search.get('opt') ?? undefined), setEntity);
  useReopenedJobOptions(job, options);

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
  const { sending, mapping, upload, confirmMapping } = useImportUpload(link, options, { advanced, lang }, adopt);

  const downloadTemplate = async (language: 'zh-CN' | 'en') => {
    if (!link) return;
    await downloadFile(`${UPLOAD_BASE}/template`, { entity: link.entity, lang: language }, `${link.entity}.xlsx`).catch(() => undefined);
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

  const downloadErrors = (only?: 'errors') => {
    if (job) void downloadFile(`${UPLOAD_BASE}/jobs/${job.id}/error-workbook`, only ? { lang, only } : { lang }).catch(() => undefined);
  };

  return {
    ...options, links, link, job, loading, stage, sending, committing,
    mapping, confirmMapping,
    busy: sending !== null || stage === 'working' || mapping.reading,
    choice: commitChoice(job?.result ?? null, validOnly),
    listRoute: listRouteOf(job?.params.entity ?? entity ?? undefined),
    adopt, downloadTemplate, upload, commit, downloadErrors,
  };
}

export type ImportState = ReturnType<typeof useImport>;
