import { Field } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { allocationVersion } from '../../../model/entities/allocationversion.entity';
import { PageHead } from '../../engine/PageHead';
import { StateGroupedSelect } from '../../engine/StateGroupedSelect';
import { StateBadge } from '../collab/StateBadge';
import type { WorkbenchData } from './use-workbench-data';

/** A version in the picker: its code, name and months. */
const versionText = (v: Record<string, unknown>) => `${String(v.version_code)} ${v.name ? `· ${String(v.name)}` : ''} (${String(v.month_from)} ~ ${String(v.month_to)})`;

/** The workbench's title, its version picker (grouped by the version's declared states) and the shown version's state. */
export function WorkbenchHead(props: Pick<WorkbenchData, 'versions' | 'versionId' | 'pick' | 'version'>) {
  const { t } = useTranslation();
  const { versionId, pick, version } = props;
  return (
    <PageHead title={t('alloc.title')}>
      <Field orientation="horizontal" label={t('alloc.version')}>
        <StateGroupedSelect entity={allocationVersion} rows={props.versions} value={versionId} onChange={pick} label={versionText} placeholder={t('alloc.pickVersion')} testId="version-picker" style={{ minWidth: 260 }} />
      </Field>
      {version && <StateBadge entity={allocationVersion} code={String(version.status)} testId="version-status" />}
    </PageHead>
  );
}
