import { Badge, Button, Card, CardHeader, MessageBar, MessageBarBody, MessageBarTitle, Text } from '@fluentui/react-components';
import { ArrowDownloadRegular, CheckmarkCircleRegular, DocumentTableArrowRightRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../shell/AppLink';
import type { JobView } from '../../engine/upload-api';
import { FixGrid } from './FixGrid';
import { ImportErrorsGrid } from './ImportErrorsGrid';
import { useImportStyles } from './import-styles';
import type { ImportState } from './use-import';

/** A job that failed as a whole: why, and a fresh start. */
export function ImportFailed({ job, onAgain }: { job: JobView; onAgain: () => void }) {
  const { t } = useTranslation();
  return (
    <MessageBar intent="error" data-testid="import-failed">
      <MessageBarBody>
        <MessageBarTitle>{t('upload.failed')}</MessageBarTitle>
        {job.error}
      </MessageBarBody>
      <Button size="small" onClick={onAgain}>{t('upload.again')}</Button>
    </MessageBar>
  );
}

/** The figures of a checked (or written) file: rows, documents, valid, invalid, inserted, updated. */
function ImportCounts({ job, done, masterDetail }: { job: JobView; done: boolean; masterDetail: boolean }) {
  const s = useImportStyles();
  const { t } = useTranslation();
  const r = job.result;
  return (
    <div className={s.counts} data-testid="import-counts">
      <Badge appearance="outline" size="large">{t('upload.total')} {r?.total ?? 0}</Badge>
      {masterDetail && <Badge appearance="outline" size="large">{t('upload.documents')} {r?.documents}</Badge>}
      <Badge appearance="tint" color="success" size="large">{t('upload.valid')} {r?.valid ?? 0}</Badge>
      <Badge appearance="tint" color={(r?.invalid ?? 0) > 0 ? 'danger' : 'informative'} size="large">{t('upload.invalid')} {r?.invalid ?? 0}</Badge>
      {!done && r?.toInsert !== undefined && <Badge appearance="outline" color="success" size="large" data-testid="import-to-insert">{t('upload.toInsert')} {r.toInsert}</Badge>}
      {!done && (r?.toUpdate ?? 0) > 0 && <Badge appearance="outline" color="brand" size="large" data-testid="import-to-update">{t('upload.toUpdate')} {r?.toUpdate}</Badge>}
      {done && <Badge appearance="filled" color="success" size="large">{t('upload.inserted')} {r?.inserted ?? 0}</Badge>}
      {done && <Badge appearance="filled" color="brand" size="large">{t('upload.updated')} {r?.updated ?? 0}</Badge>}
      {done && (r?.held ?? 0) > 0 && <Badge appearance="tint" color="warning" size="large" data-testid="import-held-count">{t('upload.held', { count: r?.held })}</Badge>}
    </div>
  );
}

/** Every error of the file: the error workbook (whole or errors only) and the preview grid. */
function ImportErrors({ job, downloadErrors }: { job: JobView; downloadErrors: ImportState['downloadErrors'] }) {
  const s = useImportStyles();
  const { t } = useTranslation();
  return (
    <>
      <div className={s.actions}>
        <Text weight="semibold">{t('upload.errors')} ({job.result?.errorCount})</Text>
        <span className={s.grow} />
        <Button icon={<ArrowDownloadRegular />} onClick={() => downloadErrors()} data-testid="download-errors">
          {t('upload.errorWorkbook')}
        </Button>
        <Button icon={<ArrowDownloadRegular />} appearance="subtle" onClick={() => downloadErrors('errors')} data-testid="download-errors-only">
          {t('upload.errorWorkbookOnly')}
        </Button>
      </div>
      {job.result?.errorsTruncated && <Text size={200} className={s.muted}>{t('upload.errorsTruncatedHint')}</Text>}
      <ImportErrorsGrid jobId={job.id} rows={Number(job.result?.errorCount ?? 0)} />
    </>
  );
}

/** The confirmation (all rows or the valid ones), why it is not possible, the list, a fresh start. */
function ImportActions({ state }: { state: ImportState }) {
  const s = useImportStyles();
  const { t } = useTranslation();
  const { stage, choice, committing, validOnly, commit, listRoute, adopt } = state;
  return (
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
  );
}

/** Step 3: the preview of a checked file, or the result of a written one. */
export function ImportPreview({ job, state }: { job: JobView; state: ImportState }) {
  const s = useImportStyles();
  const { t } = useTranslation();
  const done = state.stage === 'done';
  const held = Number(job.result?.held ?? 0);
  // Issue 33: errors are fixed in the grid; after a commit the rows it held are fixed there too.
  const fixable = (state.stage === 'preview' && Number(job.result?.errorCount ?? 0) > 0) || (done && held > 0);
  return (
    <Card className={s.card} data-testid="import-preview">
      <CardHeader header={<Text weight="semibold">3. {t(done ? 'upload.stepResult' : 'upload.stepPreview')}</Text>} description={<Text size={200} className={s.muted}>{String(job.params.fileName ?? '')}</Text>} />
      <ImportCounts job={job} done={done} masterDetail={Boolean(state.link?.masterDetail)} />
      {done && (
        <MessageBar intent="success" data-testid="import-done">
          <MessageBarBody>{t('upload.done', { inserted: job.result?.insertedTotal ?? job.result?.inserted ?? 0, updated: job.result?.updatedTotal ?? job.result?.updated ?? 0 })}</MessageBarBody>
        </MessageBar>
      )}
      {done && held > 0 && (
        <MessageBar intent="warning" data-testid="import-held">
          <MessageBarBody>{t('upload.heldDone', { count: held })}</MessageBarBody>
        </MessageBar>
      )}
      {fixable && <FixGrid job={job} onJob={state.adopt} />}
      {Number(job.result?.errorCount ?? 0) > 0 ? (
        <ImportErrors job={job} downloadErrors={state.downloadErrors} />
      ) : (
        state.stage === 'preview' && (
          <MessageBar intent="success"><MessageBarBody>{t('upload.noErrors')}</MessageBarBody></MessageBar>
        )
      )}
      <ImportActions state={state} />
    </Card>
  );
}
