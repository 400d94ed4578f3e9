import { Badge, Field, Select, Title3 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { WorkbenchData } from './use-workbench-data';
import { useWorkbenchStyles } from './workbench-styles';

const statusColour: Record<string, 'informative' | 'success' | 'subtle'> = { draft: 'informative', published: 'success', archived: 'subtle' };

/** The workbench's title, its version picker (grouped by status) and the shown version's status. */
export function WorkbenchHead(props: Pick<WorkbenchData, 'versions' | 'versionId' | 'pick' | 'version'>) {
  const s = useWorkbenchStyles();
  const { t } = useTranslation();
  const { versionId, pick, version } = props;
  const byStatus = (st: string) => (props.versions ?? []).filter((v) => v.status === st);
  return (
    <div className={s.head}>
      <Title3 as="h1">{t('alloc.title')}</Title3>
      <Field orientation="horizontal" label={t('alloc.version')}>
        <Select value={versionId ? String(versionId) : ''} onChange={(_, d) => pick(Number(d.value) || null)} data-testid="version-picker" style={{ minWidth: 260 }}>
          {!versionId && <option value="">{t('alloc.pickVersion')}</option>}
          {(['draft', 'published', 'archived'] as const).map((st) =>
            byStatus(st).length ? (
              <optgroup key={st} label={t(`alloc.status.${st}`)}>
                {byStatus(st).map((v) => (
                  <option key={String(v.id)} value={String(v.id)}>
                    {String(v.version_code)} {v.name ? `· ${String(v.name)}` : ''} ({String(v.month_from)} ~ {String(v.month_to)})
                  </option>
                ))}
              </optgroup>
            ) : null,
          )}
        </Select>
      </Field>
      {version && (
        <Badge appearance="tint" color={statusColour[String(version.status)] ?? 'informative'} data-testid="version-status">
          {t(`alloc.status.${String(version.status)}`)}
        </Badge>
      )}
    </div>
  );
}
