import { Card, Dropdown, Field, MessageBar, MessageBarBody, Option, ProgressBar, Spinner, Text, Title3 } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ImagePurpose as Purpose } from '../../../model/calls/upload';
import { allPages, pageRoute } from '../../../model/page';
import { AppLink } from '../../shell/AppLink';
import { DropZone } from './DropZone';
import { ImagePreviewCard } from './ImagePreviewCard';
import { useImageUploadStyles as useStyles } from './image-upload-styles';
import { useImageUpload } from './use-image-upload';

/**
 * Batch image upload (spec 2 `/page/uploadimg/{opt}`): many images at once, matched to records by
 * file name (the entity's code, e.g. M000123.jpg), a preview of matched, unmatched, duplicate and
 * refused files with thumbnails before anything is saved, then one save of the matched ones.
 * Sizes are checked on the server from the image headers (spec 9 licence, avatar, logo rules).
 */
export function ImageUploadPage() {
  const s = useStyles();
  const { t } = useTranslation();
  const { opt = '' } = useParams();
  const u = useImageUpload(opt);
  const { info, infoError, purpose, setPurpose, sending, send } = u;

  useEffect(() => {
    document.title = t('uploadimg.title');
  }, [t]);

  const listPage = info ? allPages().find((p) => p.entity === info.entity && ['index', 'page', 'masterdetail'].includes(p.kind)) : undefined;

  if (infoError) {
    return (
      <div className={s.page}>
        <Title3 as="h1">{t('uploadimg.title')}</Title3>
        <MessageBar intent="warning"><MessageBarBody>{t('uploadimg.unknownPage')}</MessageBarBody></MessageBar>
      </div>
    );
  }
  if (!info) return <Spinner label={t('engine.loading')} style={{ padding: 48 }} />;

  return (
    <div className={s.page} data-testid="image-upload">
      <div className={s.head}>
        <Title3 as="h1">{t('uploadimg.title')} · {info.title}</Title3>
        <span className={s.grow} />
        {listPage && <AppLink to={pageRoute(listPage)}>{t('upload.openList')}</AppLink>}
      </div>
      <Card className={s.card}>
        <div className={s.row}>
          <Field label={t('uploadimg.purpose')}>
            <Dropdown value={t(`uploadimg.purpose.${purpose}`)} selectedOptions={[purpose]} onOptionSelect={(_, d) => setPurpose((d.optionValue as Purpose) ?? 'generic')} disabled={sending !== null} data-testid="image-purpose">
              {info.purposes.map((p) => (
                <Option key={p} value={p}>{t(`uploadimg.purpose.${p}`)}</Option>
              ))}
            </Dropdown>
          </Field>
          <Text size={200} className={s.muted}>
            {t('uploadimg.hint')} ({info.codeLabel} → {info.fieldLabel})
          </Text>
        </div>
        <DropZone accept="image/png,image/jpeg,image/gif,image/webp" multiple disabled={sending !== null} label={t('uploadimg.dropHere')} hint={t('uploadimg.limits', { mb: info.maxMb, max: info.maxFiles })} onFiles={(f) => void send(f)} testId="image-drop" />
        {sending !== null && <ProgressBar value={sending} thickness="large" />}
      </Card>

      <ImagePreviewCard u={u} />
    </div>
  );
}
