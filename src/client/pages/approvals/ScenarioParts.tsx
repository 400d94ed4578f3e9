import { Link, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import { useScenarioForm } from './use-process-bus';
import './approval-messages';

const codeOf = (rf: DrawerExtensionProps['rf']): string => (typeof rf.record?.code === 'string' ? rf.record.code : '');

/** Under a stored project type's form: the scenario and form its projects fill in, as the server resolves them. */
export function ProjectTypeScenario({ rf }: DrawerExtensionProps) {
  const { t } = useTranslation();
  const code = codeOf(rf);
  const attached = rf.id !== null && Boolean(code) && rf.record?.form_scenario_id !== null && rf.record?.form_scenario_id !== undefined;
  const { scenario } = useScenarioForm(attached ? { project_type: code } : null);
  if (!scenario) return null;
  return (
    <Text block style={{ marginTop: 12 }} data-testid="dyn-type-scenario">
      {t('wf.scenario.ofType', { scenario: scenario.scenario.name, form: scenario.form.name })}{' '}
      <Link as="span">
        <RouterLink to={`/approvals/scenario/${encodeURIComponent(scenario.scenario.code)}`}>{t('wf.scenario.fill')}</RouterLink>
      </Link>
    </Text>
  );
}
