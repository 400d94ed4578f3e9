import { Button, Spinner, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, PrintRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { dictionaryItems } from '../../model/dictionaries';
import type { ResolvedPage } from '../../model/page-resolve';
import { entityApi, type EntityApi, type Row } from '../api/entity-api';
import { code128Bars, encodableCode128 } from './code128';
import { fixedFiltersOf } from './use-list-controller';

const useStyles = makeStyles({
  page: { padding: '16px 24px', display: 'flex', flexDirection: 'column', gap: '12px', '@media print': { padding: 0 } },
  bar: { display: 'flex', gap: '8px', alignItems: 'center', '@media print': { display: 'none' } },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(330px, 1fr))', gap: '10px', '@media print': { gridTemplateColumns: 'repeat(2, 1fr)', gap: '4mm' } },
  label: { border: `1px dashed ${tokens.colorNeutralStroke1}`, padding: '10px 12px', breakInside: 'avoid', backgroundColor: '#fff', color: '#000', fontSize: '13px', lineHeight: '20px' },
  code: { fontFamily: 'monospace', fontSize: '16px', fontWeight: 700, letterSpacing: '1px', textAlign: 'center' },
});

/** The rows under the address's filters, page by page of the list API's largest size (500), up to 5,000. */
async function labelRows(api: EntityApi, filters: Record<string, string>): Promise<Row[]> {
  const out: Row[] = [];
  for (let page = 1; page <= 10; page++) {
    const { rows } = await api.rows({ ...filters, page: String(page), size: '500' });
    out.push(...rows);
    if (rows.length < 500) break;
  }
  return out;
}

/** A label's barcode as SVG bars (Code 128); the text is printed under it in any case. */
function Barcode({ text }: { text: string }) {
  if (!encodableCode128(text)) return null;
  const { bars, modules } = code128Bars(text);
  return (
    <svg width={modules * 2} height={56} viewBox={`0 0 ${modules * 2} 56`} role="img" aria-label={text} data-testid="label-barcode" style={{ maxWidth: '100%', display: 'block', margin: '0 auto' }}>
      <rect width="100%" height="100%" fill="#fff" />
      <g fill="#000">{bars.map((b, i) => <rect key={i} x={b.x * 2} y={0} width={b.w * 2} height={56} />)}</g>
    </svg>
  );
}

/**
 * The rows of a page that declares `labels` (src/model/page.ts) as cut-out labels to print, filtered
 * as the address says (`/page/labels/wobundle?f.plan_id.eq=12`: a plan's bundle tickets), up to
 * 5,000: the barcode field drawn and written under it, then each declared field with its label. The
 * rows are read through the entity's list API, so the reader's rights and data permissions apply.
 */
export function LabelsPage({ resolved }: { resolved: ResolvedPage }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const s = useStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const decl = resolved.page.labels!;
  const filters = fixedFiltersOf(params, []);
  const { data: rows, error } = useSWR(['labels', resolved.page.opt, JSON.stringify(filters)], () => labelRows(entityApi(resolved), filters), { revalidateOnFocus: false });
  const fields = decl.fields.map((key) => resolved.entity.fields.find((f) => f.key === key)!);
  const text = (row: Row, key: string, dict?: string) =>
    String(row[`${key}__label`] ?? (dict ? dictionaryItems(dict)?.find((x) => x.value === row[key])?.label[en ? 'en' : 'zh'] : null) ?? row[key] ?? '');
  return (
    <div className={s.page} data-testid="labels">
      <div className={s.bar}>
        <Button icon={<ArrowLeftRegular />} appearance="subtle" onClick={() => navigate(-1)}>{t('engine.back')}</Button>
        <Button appearance="primary" icon={<PrintRegular />} disabled={!rows?.length} onClick={() => window.print()} data-testid="labels-print">{t('engine.print')}</Button>
      </div>
      <Title2 as="h1">{en ? resolved.page.title.en : resolved.page.title.zh}</Title2>
      {!rows && !error && <Spinner label={t('engine.loading')} />}
      {rows && !rows.length && <p role="alert">{t('engine.noRows')}</p>}
      <div className={s.grid}>
        {rows?.map((row) => (
          <div key={String(row.id)} className={s.label} data-testid="label">
            <Barcode text={String(row[decl.barcode] ?? '')} />
            <div className={s.code}>{String(row[decl.barcode] ?? '')}</div>
            {fields.map((f) => <div key={f.key}>{`${en ? f.label.en : f.label.zh} ${text(row, f.key, f.dict)}`}</div>)}
          </div>
        ))}
      </div>
    </div>
  );
}
