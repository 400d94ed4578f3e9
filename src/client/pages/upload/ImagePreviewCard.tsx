import { Badge, Button, Card, MessageBar, MessageBarBody, Tab, TabList, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ImageMatch as Status } from '../../../model/calls/upload';
import { useImageUploadStyles as useStyles } from './image-upload-styles';
import type { ImageUpload } from './use-image-upload';

const STATUS_COLOR: Record<Status, 'success' | 'warning' | 'danger' | 'informative'> = { matched: 'success', unmatched: 'informative', duplicate: 'warning', rejected: 'danger' };
const STATUSES: Status[] = ['matched', 'unmatched', 'duplicate', 'rejected'];

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/** The preview of the chosen files: matched, unmatched, duplicate and refused ones with thumbnails, then the save. */
export function ImagePreviewCard({ u }: { u: ImageUpload }) {
  const s = useStyles();
  const { t } = useTranslation();
  const { preview, filter, setFilter, shown, thumbs, saved, saving, save, reset } = u;
  if (!preview) return null;
  return (
    <Card className={s.card} data-testid="image-preview">
      <div className={s.actions}>
        <Text weight="semibold">{t('uploadimg.preview')}</Text>
        <TabList size="small" selectedValue={filter} onTabSelect={(_, d) => setFilter(d.value as Status | 'all')}>
          <Tab value="all">{t('uploadimg.all')} {preview.items.length}</Tab>
          {STATUSES.map((st) => (
            <Tab key={st} value={st} data-testid={`image-tab-${st}`}>
              {t(`uploadimg.${st}`)}{' '}
              <Badge size="small" appearance="tint" color={STATUS_COLOR[st]}>{preview.counts[st]}</Badge>
            </Tab>
          ))}
        </TabList>
      </div>
      <Table size="small" aria-label={t('uploadimg.preview')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: 64 }}>{t('uploadimg.thumb')}</TableHeaderCell>
            <TableHeaderCell>{t('uploadimg.file')}</TableHeaderCell>
            <TableHeaderCell style={{ width: 140 }}>{t('uploadimg.size')}</TableHeaderCell>
            <TableHeaderCell>{t('uploadimg.record')}</TableHeaderCell>
            <TableHeaderCell style={{ width: 110 }}>{t('upload.status')}</TableHeaderCell>
            <TableHeaderCell>{t('uploadimg.result')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((item) => (
            <TableRow key={item.index} data-testid={`image-item-${item.status}`}>
              <TableCell>{thumbs[item.index] && item.image ? <img className={s.thumb} src={thumbs[item.index]} alt={item.name} /> : <span className={s.thumb} />}</TableCell>
              <TableCell>{item.name}</TableCell>
              <TableCell>
                <Text size={200}>{item.image ? `${item.image.width}×${item.image.height} · ` : ''}{kb(item.size)}</Text>
              </TableCell>
              <TableCell>{item.recordTitle ? `${item.code} · ${item.recordTitle}` : item.code}</TableCell>
              <TableCell>
                <Badge appearance="tint" color={STATUS_COLOR[item.status]}>{t(`uploadimg.${item.status}`)}</Badge>
              </TableCell>
              <TableCell>
                {item.messageText && <Text size={200} className={s.bad}>{item.messageText}</Text>}
                {item.warningText && <Text size={200} className={s.warn}>{item.warningText}</Text>}
                {item.status === 'matched' && item.replaces && <Text size={200} className={s.muted}>{t('uploadimg.replace')}</Text>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {saved !== null && (
        <MessageBar intent="success" data-testid="image-saved"><MessageBarBody>{t('uploadimg.saved', { count: saved })}</MessageBarBody></MessageBar>
      )}
      <div className={s.actions}>
        {saved === null && (
          <Button appearance="primary" icon={<SaveRegular />} disabled={preview.counts.matched === 0 || saving} onClick={() => void save()} data-testid="image-save">
            {t('uploadimg.save')} ({preview.counts.matched})
          </Button>
        )}
        {preview.counts.matched === 0 && <Text size={200} className={s.muted}>{t('uploadimg.noMatched')}</Text>}
        <span className={s.grow} />
        <Button onClick={reset}>{t('uploadimg.again')}</Button>
      </div>
    </Card>
  );
}
