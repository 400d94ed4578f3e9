import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { dictValueLabel } from '../../../model/dictionaries';
import { labelIn } from '../../../model/label-text';
// The flow's words (wf_step, wf_flow_status) are the approval task's dictionaries.
import '../../../model/entities/approval-task.entity';
import { processBusCalls, type ProcessOfRecord, type ScenarioForm } from '../../../model/calls/approvals';
import { useCall } from '../../api/calls';

/**
 * Which approval process applies to a record and where its flow stands (spec 7 `pid-from-ui`): the
 * process its kind names, the company's definition's name, whether it is enabled (a submission needs
 * it) and required, and the record's latest flow. Read again whenever `revision` changes (the
 * record's version after a save or a decision).
 *
 * Example: `const { process } = useRecordProcess('purorder', 12, record.version)`.
 */
export function useRecordProcess(entity: string, id: number | null, revision: unknown): { process: ProcessOfRecord | undefined; loading: boolean } {
  const { data, isLoading, mutate } = useCall(processBusCalls.pidFromUi, id === null ? null : { entity, id }, { quiet: true });
  useReadAgain(revision, id === null ? null : mutate);
  return { process: data, loading: isLoading };
}

/** Reads a record's call again when its `revision` (the record's version after a save or a decision) moves; not on the first render. */
export function useReadAgain(revision: unknown, mutate: (() => unknown) | null): void {
  const seen = useRef(revision);
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    if (mutate) void mutate();
  }, [revision, mutate]);
}

/** A value of a declared dictionary (a flow's step, a record's approval state) in the reader's language. */
export function useDictWord(): (dict: string, value: string | null | undefined) => string {
  const { i18n } = useTranslation();
  return (dict, value) => labelIn(dictValueLabel(dict, value), i18n.language);
}

/** A colour per approval state, as every badge of a flow's state shows it. */
export function approvalColor(status: string | null | undefined): 'success' | 'danger' | 'warning' | 'informative' {
  return status === 'approved' ? 'success' : status === 'rejected' ? 'danger' : status ? 'warning' : 'informative';
}

/**
 * The form a scenario fills in (spec 7 `cpm-ot/scenario`), by the scenario's code or by a project
 * type's (its attached scenario); `null`: nothing to ask yet. `missing` when the server has none.
 *
 * Example: `const { scenario } = useScenarioForm({ code: 'QC_INCOMING' })`.
 */
export function useScenarioForm(query: { code: string } | { project_type: string } | null): { scenario: ScenarioForm | undefined; missing: boolean; loading: boolean } {
  const { data, error, isLoading } = useCall(processBusCalls.scenario, query, { quiet: true });
  return { scenario: data, missing: Boolean(error), loading: isLoading };
}
