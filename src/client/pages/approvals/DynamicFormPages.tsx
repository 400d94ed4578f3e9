import { Link, makeStyles, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { callApi } from '../../api/calls';
import { ListPage } from '../../engine/ListPage';
import { dynamicFormCalls, type FormDesign, type FormSummary } from '../../../model/calls/approvals';
import { dynamicPage } from '../../../model/dynamic-form';
import './dynamic-form-messages';

const useStyles = makeStyles({
  page: { padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: '12px' },
  table: { borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300, minWidth: '640px' },
  th: { textAlign: 'left', padding: '6px 12px', borderBottom: `1px solid ${tokens.colorNeutralStroke1}`, fontWeight: tokens.fontWeightSemibold },
  td: { padding: '6px 12px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
});

/** "Fill in forms": the company's enabled, designed forms; each opens its list of filled records. */
export function DynamicFormsPage() {
  const { t, i18n } = useTranslation();
  const s = useStyles();
  const [rows, setRows] = useState<FormSummary[] | null>(null);
  useEffect(() => {
    let live = true;
    callApi(dynamicFormCalls.forms).then((r) => live && setRows(r.rows), () => live && setRows([]));
    return () => {
      live = false;
    };
  }, []);
  const en = i18n.language === 'en';
  return (
    <div className={s.page} data-testid="dyn-forms">
      <Title3 as="h1">{t('dyn.forms.title')}</Title3>
      {!rows && <Spinner />}
      {rows && !rows.length && <Text>{t('dyn.forms.empty')}</Text>}
      {rows && rows.length > 0 && (
        <table className={s.table}>
          <thead>
            <tr>
              <th className={s.th}>{t('dyn.forms.code')}</th>
              <th className={s.th}>{t('dyn.forms.name')}</th>
              <th className={s.th}>{t('dyn.forms.version')}</th>
              <th className={s.th} />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="dyn-form-row" data-code={r.code}>
                <td className={s.td}>{r.code}</td>
                <td className={s.td}>{en && r.name_en ? r.name_en : r.name}</td>
                <td className={s.td}>{r.version}</td>
                <td className={s.td}>
                  <Link as="span">
                    <RouterLink to={`/approvals/forms/${encodeURIComponent(r.code)}`} data-testid={`dyn-open-${r.code}`}>{t('dyn.forms.open')}</RouterLink>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * One form's filled records: the registry's own list and drawer (filters, columns, Excel export,
 * history), over the page and entity its stored design turns into (src/model/dynamic-form.ts).
 */
export function DynamicFormRecordsPage() {
  const { code = '' } = useParams();
  const { i18n } = useTranslation();
  const [design, setDesign] = useState<FormDesign | null | 'missing'>(null);
  useEffect(() => {
    let live = true;
    setDesign(null);
    callApi(dynamicFormCalls.design, { code }).then((d) => live && setDesign(d), () => live && setDesign('missing'));
    return () => {
      live = false;
    };
  }, [code]);
  const resolved = useMemo(() => (design && design !== 'missing' ? dynamicPage(design, design.definition) : null), [design]);
  useEffect(() => {
    if (resolved) document.title = i18n.language === 'en' ? resolved.page.title.en : resolved.page.title.zh;
  }, [resolved, i18n.language]);
  if (design === null) return <Spinner style={{ marginTop: 48 }} />;
  if (!resolved) return <Text style={{ padding: 24, display: 'block' }} data-testid="dyn-form-missing">{i18n.t('dynform.notFound')}</Text>;
  return <ListPage key={`${resolved.page.opt}-${design !== 'missing' ? design.version : 0}`} resolved={resolved} slots={{ testId: `list-dynform-${code}` }} />;
}
