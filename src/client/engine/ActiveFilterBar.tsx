import { Button, makeStyles, Tag, TagGroup, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ActiveFilters } from './use-active-filters';

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', padding: `${tokens.spacingVerticalXXS} 0` },
  name: { color: tokens.colorNeutralForeground3 },
});

/**
 * The list's active column filters over the grid (issue 32): "状态: 生产中、待接单", "数量: 10 – 50",
 * each removable, and all cleared at once. Nothing when no column is filtered.
 */
export function ActiveFilterBar({ filters }: { filters: ActiveFilters }) {
  const s = useStyles();
  const { t } = useTranslation();
  if (!filters.chips.length) return null;
  return (
    <div className={s.bar} data-testid="active-filters">
      <Text size={200}>{t('filters.active')}</Text>
      <TagGroup onDismiss={(_, d) => filters.remove(String(d.value))} size="small">
        {filters.chips.map((c) => (
          <Tag key={c.field} value={c.field} dismissible dismissIcon={{ 'aria-label': t('filters.remove', { name: c.name }) }} data-testid="filter-chip" data-field={c.field}>
            <span className={s.name}>{c.name}: </span>
            {c.text}
          </Tag>
        ))}
      </TagGroup>
      <Button size="small" appearance="subtle" onClick={filters.clear} data-testid="filters-clear">
        {t('filters.clearAll')}
      </Button>
    </div>
  );
}
