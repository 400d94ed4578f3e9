import type { GridApi } from 'ag-grid-community';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedPage } from '../../model/page-resolve';
import type { Row } from '../api/entity-api';
import { columnFilterChips, type FilterChip } from '../grid/cell-filter';
import type { FilterModel } from '../grid/filter-params';
import { referenceLabelOf } from '../grid/reference-labels';

export type ActiveFilters = {
  /** Hands the grid over once it is ready. */
  attach: (api: GridApi<Row>) => void;
  chips: FilterChip[];
  remove: (field: string) => void;
  clear: () => void;
};

/**
 * The list's column filters as the grid holds them, followed through its filterChanged event: one
 * chip per filtered column for the bar over the grid, removable one by one or all at once (issue 32).
 *
 * Example: `const filters = useActiveFilters(resolved); <EntityGrid onReady={filters.attach} />`.
 */
export function useActiveFilters(resolved: ResolvedPage): ActiveFilters {
  const { t, i18n } = useTranslation();
  const [api, setApi] = useState<GridApi<Row> | null>(null);
  const [model, setModel] = useState<FilterModel>({});
  useEffect(() => {
    if (!api) return;
    const read = () => setModel((api.getFilterModel() ?? {}) as FilterModel);
    read();
    api.addEventListener('filterChanged', read);
    return () => {
      if (!api.isDestroyed()) api.removeEventListener('filterChanged', read);
    };
  }, [api]);
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const chips = useMemo(
    () => columnFilterChips(resolved.columns, model, { t: (key, params) => t(key, params ?? {}), language, referenceLabel: referenceLabelOf }),
    [resolved, model, t, language],
  );
  return {
    attach: setApi,
    chips,
    remove: (field) => {
      if (api && !api.isDestroyed()) void api.setColumnFilterModel(field, null).then(() => api.onFilterChanged());
    },
    clear: () => {
      if (api && !api.isDestroyed()) api.setFilterModel(null);
    },
  };
}
