import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { financeCalls, type Statement, type StatementAction } from '../../../model/calls/finance';
import { getDictionary } from '../../../model/dictionaries';
import { finStatement } from '../../../model/entities/finstatement.entity';
import { callApi, useCall } from '../../api/calls';
import { downloadFile } from '../../engine/upload-api';
import { toast } from '../../kernel/toast-bus';

export type BadgeColor = 'informative' | 'warning' | 'brand' | 'success' | 'subtle' | 'danger';

/** The state's colour as the entity declares it (the lists' status badges use the same). */
export function stateColorOf(st: string): BadgeColor {
  return (finStatement.states?.states.find((x) => x.code === st)?.color ?? 'informative') as BadgeColor;
}

/** A dictionary item's label in the interface language (the value itself when unknown). */
export function useDictLabel(): (code: string, v: unknown) => string {
  const { i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  return (code, v) => {
    const item = getDictionary(code)?.items.find((x) => x.value === String(v ?? ''));
    return item ? (en ? item.label.en : item.label.zh) : String(v ?? '');
  };
}

/**
 * The statement page's data and commands: the caller's copy (read quietly: a wrong id shows the
 * page's own message), an action on it (then read again, whatever the outcome), the workbook.
 */
export function useStatement(id: number) {
  const { t } = useTranslation();
  const { data, error, mutate, isLoading } = useCall(financeCalls.view, id ? { id } : null, { quiet: true });
  const [busy, setBusy] = useState(false);
  const run = async (action: StatementAction['action'], body: Record<string, unknown> = {}): Promise<boolean> => {
    if (!data) return false;
    setBusy(true);
    try {
      await callApi(financeCalls.action, { ...body, action, ids: [data.id], version: data.version });
      toast.success(t('fin.page.done'));
      await mutate();
      return true;
    } catch {
      await mutate();
      return false;
    } finally {
      setBusy(false);
    }
  };
  const download = (s: Statement) => void downloadFile(financeCalls.workbook.path, { id: s.id }, `${s.stmt_no}.xlsx`).catch(() => undefined);
  return { data, error, isLoading, busy, run, download };
}
