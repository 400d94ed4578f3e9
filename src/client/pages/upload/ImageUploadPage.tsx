import {
  Badge,
  Button,
  Card,
  Dropdown,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  ProgressBar,
  Spinner,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { SaveRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { allPages, pageRoute } from '../../../model/page';
import { api } from '../../api/client';
import { AppLink } from '../../shell/AppLink';
import { toast } from '../../kernel/toast-bus';
import { DropZone } from './DropZone';
import { uploadForm } from '../../engine/upload-api';

const BASE = '/crossapi/ccommonapi/image-upload';

type Status = 'matched' | 'unmatched' | 'duplicate' | 'rejected';
type Purpose = 'generic' | 'licence' | 'avatar' | 'logo';
type Info = { entity: string; title: string; field: string; fieldLabel: string; codeField: string; codeLabel: string; maxFiles: number; maxMb: number; purposes: Purpose[] };
type Item = {
  index: number;
  name: string;
  size: number;
  code: string;
  status: Status;
  image: { mime: string; width: number; height: number } | null;
  recordId: number | null;
  recordTitle: string | null;
  replaces: boolean;
  messageText: string | null;
  warningText: string | null;
};
type Preview = { uploadId: string; counts: Record<Status, number>; items: Item[] };

const STATUS_COLOR: Record<Status, 'success' | 'warning' | 'danger' | 'informative'> = { matched: 'success', unmatched: 'informative', duplicate: 'warning', rejected: 'danger' };
const STATUSES: Status[] = ['matched', 'unmatched', 'duplicate', 'rejected'];

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '12px 16px', maxWidth: '1200px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  grow: { flex: 1 },
  card: { padding: '14px 16px', gap: '10px' },
  row: { display: 'flex', gap: '12px', alignItems: 'end', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  // spec: thumbnails are the stored file scaled by the browser (object-fit), no second copy.
  thumb: { width: '48px', height: '48px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall, border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground3, display: 'block' },
  actions: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1 },
  bad: { color: tokens.colorPaletteRedForeground1 },
});

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);

/**
 * Batch image upload (spec 2 `/page/uploadimg/{opt}`): many images at once, matched to records by
 * file name (the entity's code, e.g. M000123.jpg), a preview of matched, unmatched, duplicate and
 * refused files with thumbnails before anything is saved, then one save of the matched ones.
 * Sizes are checked on the server from the image headers (spec 9 licence, avatar, logo rules).
 */
export function ImageUploadPage() {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const { opt = '' } = useParams();
  const [info, setInfo] = useState<Info | null>(null);
  const [infoError, setInfoError] = useState(false);
  const [purpose, setPurpose] = useState<Purpose>('generic');
  const [sending, setSending] = useState<number | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [thumbs, setThumbs] = useState<string[]>([]);
  const [filter, setFilter] = useState<Status | 'all'>('all');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);

  useEffect(() => {
    setInfo(null);
    setInfoError(false);
    api
      .get<Info>(`${BASE}/${encodeURIComponent(opt)}/info`)
      .then(setInfo)
      .catch(() => setInfoError(true));
  }, [opt, i18n.language]);

  useEffect(() => {
    document.title = t('uploadimg.title');
  }, [t]);

  // Local thumbnails of the chosen files: shown in the preview before anything is stored.
  useEffect(() => () => thumbs.forEach((u) => URL.revokeObjectURL(u)), [thumbs]);

  const reset = () => {
    setPreview(null);
    setThumbs([]);
    setSaved(null);
    setFilter('all');
  };

  const send = async (files: File[]) => {
    if (!info) return;
    // The server refuses the same; saying it before sending saves the user the wait.
    if (files.length > info.maxFiles) {
      toast.error(t('image.tooMany', { max: info.maxFiles }));
      return;
    }
    reset();
    const form = new FormData();
    form.set('purpose', purpose);
    for (const f of files) form.append('file', f, f.name);
    setSending(0);
    try {
      const p = await uploadForm<Preview>(`${BASE}/${encodeURIComponent(opt)}/preview`, form, setSending);
      setThumbs(files.map((f) => URL.createObjectURL(f)));
      setPreview(p);
    } catch {
      /* the reactions showed why */
    } finally {
      setSending(null);
    }
  };

  const save = async () => {
    if (!preview) return;
    setSaving(true);
    try {
      const r = await api.post<{ saved: number }>(`${BASE}/${encodeURIComponent(opt)}/save`, { uploadId: preview.uploadId });
      setSaved(r.saved);
      toast.success(t('uploadimg.saved', { count: r.saved }));
    } catch {
      /* shown by the reactions */
    } finally {
      setSaving(false);
    }
  };

  const shown = useMemo(() => (preview ? preview.items.filter((i) => filter === 'all' || i.status === filter) : []), [preview, filter]);
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

      {preview && (
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
      )}
    </div>
  );
}
