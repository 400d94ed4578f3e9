import { Field, Select, Title3 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { allocationVersion } from '../../../model/entities/allocationversion.entity';
import { StateBadge } from '../collab/StateBadge';
import { useLabel } from '../common/admin-kit';
import type { WorkbenchData } from './use-workbench-data';
import { useWorkbenchStyles } from './workbench-styles';

/** The workbench's title, its version picker (grouped by the version's declared states) and the shown version's state. */
export function WorkbenchHead(props: Pick<WorkbenchData, 'versions' | 'versionId' | 'pick' | 'version'>) {
  const s = useWorkbenchStyles();
  const { t } = useTranslation();
  const label = useLabel();
  const { versionId, pick, version } = props;
  const byStatus = (st: string) => (props.versions ?? []).filter((v) => v.status === st);
  return (
    <div className={s.head}>
      <Title3 as="h1">{t('alloc.title')}</Title3>
      <Field orientation="horizontal" label={t('alloc.version')}>
        <Select value={versionId ? String(versionId) : ''} onChange={(_, d) => pick(Number(d.value) || null)} data-testid="version-picker" style={{ minWidth: 260 }}>
          {!versionId && <option value="">{t('alloc.pickVersion')}</option>}
          {allocationVersion.states!.states.map((st) =>
            byStatus(st.code).length ? (
              <optgroup key={st.code} label={label(st.label)}>
                {byStatus(st.code).map((v) => (
                  <option key={String(v.id)} value={String(v.id)}>
                    {String(v.version_code)} {v.name ? `· ${String(v.name)}` : ''} ({String(v.month_from)} ~ {String(v.month_to)})
                  </option>
                ))}
              </optgroup>
            ) : null,
          )}
        </Select>
      </Field>
      {version && <StateBadge entity={allocationVersion} code={String(version.status)} testId="version-status" />}
    </div>
  );
}
