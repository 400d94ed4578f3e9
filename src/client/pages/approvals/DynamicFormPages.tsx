import { Spinner, Text } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useCall } from '../../api/calls';
import { ListPage } from '../../engine/ListPage';
import { dynamicFormCalls, type FormDesign } from '../../../model/calls/approvals';
import { dynamicPage } from '../../../model/dynamic-form';
import { withFormApprovalPage } from '../../../model/dynamic-form-approval';
import { useScenarioForm } from './use-process-bus';
import './approval-messages';
import './dynamic-form-messages';

/**
 * A form's filled records: the registry's own list and drawer (filters, columns, Excel export,
 * history), over the page and entity its stored design turns into (src/model/dynamic-form.ts); with
 * the approval flow its form names, the drawer submits a record and shows its flow (issue 35).
 */
function FormRecords({ design, testId }: { design: FormDesign; testId: string }) {
  // The list names the document after the form (the engine's ListPage sets the title from the page).
  const resolved = useMemo(() => withFormApprovalPage(dynamicPage(design, design.definition), design.process), [design]);
  return <ListPage key={`${resolved.page.opt}-${design.version}`} resolved={resolved} slots={{ testId }} />;
}

/** One form's filled records, the form named by the route. */
export function DynamicFormRecordsPage() {
  const { code = '' } = useParams();
  const { i18n } = useTranslation();
  // Read once per form (a missing one is said once, not retried).
  const { data: design, error } = useCall(dynamicFormCalls.design, { code }, { shouldRetryOnError: false, revalidateOnFocus: false });
  if (error) return <Text style={{ padding: 24, display: 'block' }} data-testid="dyn-form-missing">{i18n.t('dynform.notFound')}</Text>;
  if (!design) return <Spinner style={{ marginTop: 48 }} />;
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
