import { Button, mergeClasses, Title3 } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AppLink } from '../../shell/AppLink';
import { ImportFailed, ImportPreview } from './ImportResult';
import { TemplateStep, UploadStep } from './ImportSteps';
import { MappingStep } from './MappingStep';
import { useImportStyles } from './import-styles';
import { useImport } from './use-import';

/**
 * The import page (spec 2 `/page/upload/view`, and `/page/upload/viewadv` with every entity and
 * the direct-import option): choose what to import, download its template (zh or en headers),
 * drop the filled file, watch it being checked, read every error in the preview grid or the error
 * workbook, then confirm: all-or-nothing by default, or the valid rows only; inserts, or updates
 * by code. `?job=` reopens a job from the import centre's history.
 */
export function ImportPage({ advanced = false }: { advanced?: boolean }) {
  const s = useImportStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useImport(advanced);
  const { job, stage } = state;
  // The fixing grid (issue 33) shows a sheet's columns side by side too.
  const fixing = Boolean(job && ((stage === 'preview' && Number(job.result?.errorCount ?? 0) > 0) || (stage === 'done' && Number(job.result?.held ?? 0) > 0)));

  useEffect(() => {
    document.title = t(advanced ? 'upload.advanced' : 'upload.importTitle');
  }, [t, advanced]);

  return (
    <div className={mergeClasses(s.page, state.mapping.pending || fixing ? s.wide : undefined)} data-testid={advanced ? 'import-page-adv' : 'import-page'}>
      <div className={s.head}>
        <Title3 as="h1">{t(advanced ? 'upload.advanced' : 'upload.importTitle')}</Title3>
        <span className={s.grow} />
        {!advanced && <AppLink to="/page/upload/viewadv">{t('upload.advanced')}</AppLink>}
        <Button icon={<HistoryRegular />} appearance="subtle" onClick={() => navigate('/upload/index')} data-testid="open-history">
          {t('upload.history')}
        </Button>
      </div>
      <TemplateStep state={state} />
      <UploadStep state={state} advanced={advanced} />
      <MappingStep state={state} />
      {job && stage === 'failed' && <ImportFailed job={job} onAgain={() => state.adopt(null)} />}
      {job && (stage === 'preview' || stage === 'done') && <ImportPreview job={job} state={state} />}
    </div>
  );
}

export function ImportViewPage() {
  return <ImportPage />;
}

export function ImportAdvancedPage() {
  return <ImportPage advanced />;
}
