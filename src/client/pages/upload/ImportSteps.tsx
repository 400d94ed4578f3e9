import {
  Button,
  Card,
  CardHeader,
  Checkbox,
  Dropdown,
  Field,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  Option,
  ProgressBar,
  Spinner,
  Text,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { jobFraction } from '../../engine/job-state';
import { DropZone } from './DropZone';
import { useImportStyles } from './import-styles';
import type { ImportState } from './use-import';

/** Step 1: choose what to import and download its template with zh or en headers. */
export function TemplateStep({ state }: { state: ImportState }) {
  const s = useImportStyles();
  const { t } = useTranslation();
  const { links, link, entity, setEntity, busy, stage, downloadTemplate } = state;
  return (
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
              {links.map((l) => (
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
  );
}

/** The upload's and the check's progress under the drop zone. */
function UploadProgress({ state }: { state: ImportState }) {
  const s = useImportStyles();
  const { t } = useTranslation();
  const { sending, loading, job, stage } = state;
  const phase = job?.params.phase === 'commit' ? t('upload.writing') : t('upload.checking');
  return (
    <>
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
    </>
  );
}

/** Step 2: the options, the drop zone for the filled file, and the progress of its check. */
export function UploadStep({ state, advanced }: { state: ImportState; advanced: boolean }) {
  const s = useImportStyles();
  const { t } = useTranslation();
  const { link, upsert, setUpsert, updateOnly, setUpdateOnly, validOnly, setValidOnly, direct, setDirect, busy, stage, upload } = state;
  return (
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
        {upsert && (
          <Checkbox
            label={t('upload.modeUpdateOnly')}
            checked={updateOnly}
            disabled={!link?.upsert || busy || stage === 'preview'}
            onChange={(_, d) => setUpdateOnly(Boolean(d.checked))}
            data-testid="option-update-only"
          />
        )}
        <Checkbox label={t('upload.commitValid')} checked={validOnly} disabled={busy} onChange={(_, d) => setValidOnly(Boolean(d.checked))} data-testid="option-valid-only" />
        {advanced && <Checkbox label={t('upload.direct')} checked={direct} disabled={busy} onChange={(_, d) => setDirect(Boolean(d.checked))} data-testid="option-direct" />}
      </div>
      <Text size={200} className={s.muted}>{validOnly ? t('upload.validOnlyHint') : t('upload.commitAllHint')}</Text>
      {stage !== 'preview' && stage !== 'working' && !state.mapping.pending && (
        <DropZone accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" disabled={!link || busy} label={t('upload.dropHere')} hint={t('upload.dropHint')} onFiles={([f]) => void upload(f)} testId="import-drop" />
      )}
      <UploadProgress state={state} />
    </Card>
  );
}
