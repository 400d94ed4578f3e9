import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkbenchData } from './use-workbench-data';
import { workbenchSource } from './workbench-columns';

/** The workbench grid's month tab (another version starts on all months) and its source over the version's ledger. */
export function useWorkbenchGrid(data: Pick<WorkbenchData, 'state' | 'versionId'>) {
  const { t, i18n } = useTranslation();
  const { state, versionId } = data;
  const [cycleTab, setCycleTab] = useState('all');
  useEffect(() => {
    setCycleTab('all');
  }, [versionId]);
  // The grid reads the ledger as it changes in place; its columns change with the version and language only.
  const source = useMemo(() => (state ? workbenchSource(state, t) : null), [state, t]);
  return { language: i18n.language === 'en' ? ('en' as const) : ('zh-CN' as const), cycleTab, setCycleTab, source };
}

export type WorkbenchGrid = ReturnType<typeof useWorkbenchGrid>;
