import { useEffect, useRef } from 'react';
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
  const seen = useRef(revision);
  useEffect(() => {
    if (seen.current === revision) return;
    seen.current = revision;
    if (id !== null) void mutate();
  }, [revision, id, mutate]);
  return { process: data, loading: isLoading };
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
