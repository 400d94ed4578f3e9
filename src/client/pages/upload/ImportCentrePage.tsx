import { Button, makeStyles, Text, Title3, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular, ArrowUploadRegular, DocumentSearchRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AdminTable } from '../common/admin-kit';
import { useCentreColumns } from './import-centre-columns';
import { useImportCentre } from './use-import-centre';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '12px 16px', maxWidth: '1280px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  grow: { flex: 1 },
  empty: { padding: '40px 16px', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '12px', color: tokens.colorNeutralForeground3 },
  muted: { color: tokens.colorNeutralForeground3 },
  foot: { display: 'flex', justifyContent: 'center', padding: '8px' },
});

/**
 * The import centre (spec 2 `/upload/index`): the user's imports and exports, newest first, with
 * live progress bars (socket `job` events), the figures of each import, links to reopen an
 * import's preview, its error workbook, and the file of a finished export.
 */
export function ImportCentrePage() {
  const s = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { rows, hasMore, reload, more } = useImportCentre();
  const columns = useCentreColumns();

  useEffect(() => {
    document.title = t('upload.centre');
  }, [t]);

  return (
    <div className={s.page} data-testid="import-centre">
      <div className={s.head}>
        <Title3 as="h1">{t('upload.centre')}</Title3>
        <span className={s.grow} />
        <Button appearance="primary" icon={<ArrowUploadRegular />} onClick={() => navigate('/page/upload/view')} data-testid="centre-new-import">
          {t('upload.importTitle')}
        </Button>
        <Button icon={<ArrowClockwise20Regular />} onClick={reload} aria-label={t('upload.refresh')}>
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
          hasMore ? (
            <div className={s.foot}>
              <Button appearance="subtle" onClick={more}>{t('upload.more')}</Button>
            </div>
          ) : null
        }
      />
    </div>
  );
}
