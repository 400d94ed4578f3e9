import { Button, makeStyles, Spinner, Subtitle2, Title3, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, LinkRegular, PrintRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ResolvedPage } from '../../model/page-resolve';
import { documentFields, formFields } from '../../model/page-resolve';
import { FIELD_TYPE_TABLE, gridRendererOf } from '../../model/field-types';
import { EntityForm } from '../form/EntityForm';
import { HistoryPanel } from '../form/HistoryPanel';
import { isFieldVisible } from '../form/form-logic';
import { renderMarkdown } from '../form/markdown';
import { useRecord } from '../form/use-record-form';
import { cellText, formatDateTime } from '../grid/cell-text';
import { ColumnTable } from '../grid/ColumnTable';
import { useFormSession } from '../form/session-scope';
import { entityApi, type Row } from '../api/entity-api';
import { recordViewPath, useCopyLink } from './use-copy-link';
import { labelIn } from '../../model/label-text';

const useStyles = makeStyles({
  page: { padding: '12px 16px', maxWidth: '1100px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', marginBottom: '12px' },
  card: { background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, boxShadow: tokens.shadow2, padding: '16px 20px', marginBottom: '12px' },
  doc: { background: '#fff', color: '#000', padding: '24px 32px', maxWidth: '960px', boxShadow: tokens.shadow4, fontSize: '13px' },
  docHead: { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', borderBottom: '2px solid #000', paddingBottom: '6px', marginBottom: '12px' },
  dl: { display: 'grid', gridTemplateColumns: 'repeat(2, 140px 1fr)', columnGap: '12px', rowGap: '6px', margin: 0, '& dt': { color: '#555' }, '& dd': { margin: 0, minWidth: 0, wordBreak: 'break-word' } },
  table: { width: '100%', borderCollapse: 'collapse', marginTop: '6px', '& th, & td': { border: '1px solid #999', padding: '4px 6px', textAlign: 'left' }, '& th': { background: '#eee' } },
});

/**
 * Loads `?id=` of a page's entity (read through swr, afresh on every visit). An address without a
 * record number is an illegal request (spec 8), told apart from a record that is not found.
 */
function useRecordOfUrl(resolved: ResolvedPage): { record: Row | null; failed: boolean; illegal: boolean; id: number | null } {
  const [search] = useSearchParams();
  const id = /^[1-9]\d{0,15}$/.test(search.get('id') ?? '') ? Number(search.get('id')) : null;
  const { record, failed } = useRecord(resolved, id, id);
  return { record, failed: failed || id === null, illegal: id === null, id };
}

/** Why a record page shows no record: an address without a record number, or a record not found. */
function NoRecord({ illegal }: { illegal: boolean }) {
  const { t } = useTranslation();
  return <p data-testid="record-missing">{illegal ? t('msg.illegalRequest') : t('msg.notFound')}</p>;
}

/** `/page/view/{opt}?id=`: the page's form, read-only, with the record's history. */
export function ViewPage({ resolved }: { resolved: ResolvedPage }) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { record, failed, illegal, id } = useRecordOfUrl(resolved);
  const api = useMemo(() => entityApi(resolved), [resolved]);
  const copyLink = useCopyLink();
  const name = labelIn(resolved.entity.label, i18n.language);
  return (
    <div className={s.page} data-testid={`view-${resolved.page.opt}`}>
      <div className={s.head}>
        <Button icon={<ArrowLeftRegular />} appearance="subtle" onClick={() => navigate(-1)}>{t('engine.back')}</Button>
        <Title3 as="h1">{t('engine.titleView', { entity: name })}{record ? ` · ${String(record[resolved.entity.titleField] ?? '')}` : ''}</Title3>
        <span style={{ flex: 1 }} />
        <Button icon={<LinkRegular />} onClick={() => void copyLink(record ? recordViewPath(resolved.page.opt, Number(record.id)) : null)} data-testid="copy-link">{t('engine.copyLink')}</Button>
        {record && <Button icon={<PrintRegular />} onClick={() => navigate(`/page/document/${resolved.page.opt}?id=${String(record.id)}`)}>{t('engine.document')}</Button>}
      </div>
      {failed && <NoRecord illegal={illegal} />}
      {!failed && !record && <Spinner label={t('engine.loading')} />}
      {record && (
        <>
          <div className={s.card}>
            <EntityForm resolved={resolved} action="view" record={record} onSaved={() => undefined} />
          </div>
          <div className={s.card}>
            <Subtitle2>{t('engine.historyTitle')}</Subtitle2>
            {id !== null && <HistoryPanel api={api} id={id} fields={formFields(resolved)} />}
          </div>
        </>
      )}
    </div>
  );
}

/** Hides the shell around a printed document (print CSS). */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  .engine-document, .engine-document * { visibility: visible !important; }
  .engine-document { position: absolute !important; left: 0; top: 0; width: 100%; box-shadow: none !important; padding: 0 !important; }
  .engine-noprint { display: none !important; }
  @page { margin: 14mm; }
}`;

/** `/page/document/{opt}?id=`: the record as a printable document (header fields and line tables). */
export function DocumentPage({ resolved }: { resolved: ResolvedPage }) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useFormSession();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const { record, failed, illegal } = useRecordOfUrl(resolved);
  const fields = documentFields(resolved);
  const text = (field: (typeof fields)[number], row: Row) => {
    const col = { options: field.options, labelField: field.displayfield };
    return cellText(field.def ? gridRendererOf(field.def) : FIELD_TYPE_TABLE[field.fieldType].grid, row[field.field], { column: col, row, language });
  };
  const name = labelIn(resolved.entity.label, language);
  // Line tables of more than ten columns (a statement's lines) take the page's width and print across the sheet.
  const wide = resolved.children.some((c) => c.columns.length > 10) ? { maxWidth: 'none' } : undefined;
  return (
    <div className={s.page} style={wide}>
      <style>{wide ? `${PRINT_CSS}\n@media print { @page { size: A4 landscape; } }` : PRINT_CSS}</style>
      <div className={`${s.head} engine-noprint`}>
        <Button icon={<ArrowLeftRegular />} appearance="subtle" onClick={() => navigate(-1)}>{t('engine.back')}</Button>
        <span style={{ flex: 1 }} />
        <Button appearance="primary" icon={<PrintRegular />} disabled={!record} onClick={() => window.print()} data-testid="document-print">{t('engine.print')}</Button>
      </div>
      {failed && <NoRecord illegal={illegal} />}
      {!failed && !record && <Spinner label={t('engine.loading')} />}
      {record && (
        <article className={`${s.doc} engine-document`} style={wide} data-testid={`document-${resolved.page.opt}`}>
          <header className={s.docHead}>
            <h1 style={{ margin: 0, fontSize: 20 }}>{name} {resolved.entity.codeField ? String(record[resolved.entity.codeField] ?? '') : ''}</h1>
            <span>{t('engine.printedAt', { time: formatDateTime(new Date().toISOString()) })}</span>
          </header>
          <dl className={s.dl}>
            {fields
              .filter((f) => isFieldVisible(f, { values: record, session, action: 'view' }))
              .map((f) => (
                <div key={f.field} style={{ display: 'contents' }}>
                  <dt>{language === 'en' ? f.labelEn : f.label}</dt>
                  {f.type === 'markdown' ? (
                    <dd dangerouslySetInnerHTML={{ __html: renderMarkdown(String(record[f.field] ?? '')) }} />
                  ) : (
                    <dd>{text(f, record)}</dd>
                  )}
                </div>
              ))}
          </dl>
          <DocumentLines resolved={resolved} record={record} language={language} />
        </article>
      )}
    </div>
  );
}

/** The document's line tables (its page's child grids) and the signature lines under them. */
function DocumentLines({ resolved, record, language }: { resolved: ResolvedPage; record: Row; language: 'en' | 'zh-CN' }) {
  const s = useStyles();
  return (
    <>
      {resolved.children.map((c) => {
        const rows = (record[c.child.key] as Row[] | undefined) ?? [];
        return (
          <section key={c.child.key} style={{ marginTop: 16 }}>
            <h2 style={{ fontSize: 15, margin: '8px 0 0' }}>{labelIn(c.child.label, language)} ({rows.length})</h2>
            <ColumnTable className={s.table} columns={c.columns} items={rows} language={language} keyOf={(r, i) => String(r.id ?? i)} numbered />
          </section>
        );
      })}
      {resolved.page.document?.signatures && (
        <footer data-testid="document-signatures" style={{ display: 'flex', justifyContent: 'space-between', gap: 24, marginTop: 32 }}>
          {resolved.page.document.signatures.map((sig) => <span key={sig.zh}>{labelIn(sig, language)} ________________</span>)}
        </footer>
      )}
    </>
  );
}
