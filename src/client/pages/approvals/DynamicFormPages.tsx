import { Link, makeStyles, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { callApi } from '../../api/calls';
import { ListPage } from '../../engine/ListPage';
import { dynamicFormCalls, type FormDesign, type FormSummary } from '../../../model/calls/approvals';
import { dynamicPage } from '../../../model/dynamic-form';
import { withFormApprovalPage } from '../../../model/dynamic-form-approval';
import { useScenarioForm } from './use-process-bus';
import './approval-messages';
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
 * A form's filled records: the registry's own list and drawer (filters, columns, Excel export,
 * history), over the page and entity its stored design turns into (src/model/dynamic-form.ts); with
 * the approval flow its form names, the drawer submits a record and shows its flow (issue 35).
 */
function FormRecords({ design, testId }: { design: FormDesign; testId: string }) {
  const { i18n } = useTranslation();
  const resolved = useMemo(() => withFormApprovalPage(dynamicPage(design, design.definition), design.process), [design]);
  useEffect(() => {
    document.title = i18n.language === 'en' ? resolved.page.title.en : resolved.page.title.zh;
  }, [resolved, i18n.language]);
  return <ListPage key={`${resolved.page.opt}-${design.version}`} resolved={resolved} slots={{ testId }} />;
}

/** One form's filled records, the form named by the route. */
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
  if (design === null) return <Spinner style={{ marginTop: 48 }} />;
  if (design === 'missing') return <Text style={{ padding: 24, display: 'block' }} data-testid="dyn-form-missing">{i18n.t('dynform.notFound')}</Text>;
  return <FormRecords design={design} testId={`list-dynform-${code}`} />;
}

/** A scenario's records (spec 7 cpm-ot/scenario): the server says which form the scenario fills in. */
export function ScenarioFormPage() {
  const { code = '' } = useParams();
  const { t } = useTranslation();
  const { scenario, missing } = useScenarioForm(code ? { code } : null);
  if (missing || !code) return <Text style={{ padding: 24, display: 'block' }} data-testid="dyn-scenario-missing">{t('wf.scenario.missing')}</Text>;
  if (!scenario) return <Spinner style={{ marginTop: 48 }} />;
  return (
    // The list takes the page's height below the scenario's name (ListPage fills its parent).
    <div data-testid="dyn-scenario" data-form={scenario.form.code} style={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Text style={{ padding: '8px 16px 0', display: 'block' }} weight="semibold">{t('wf.scenario.title', { scenario: scenario.scenario.name, form: scenario.form.name })}</Text>
      <div style={{ flex: 1, minHeight: 0 }}>
        <FormRecords design={scenario.form} testId={`list-dynform-${scenario.form.code}`} />
      </div>
    </div>
  );
}
