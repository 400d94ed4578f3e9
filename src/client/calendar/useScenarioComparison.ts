/**
 * A scenario's comparison with the live schedule (GET /api/scmapi/schedule/compare), read again when
 * `reloadKey` changes (the scenario's bars changed); a reply for an earlier scenario is dropped.
 *
 * Example: `const { cmp, error } = useScenarioComparison(scenarioId, source.compareKey);`
 */
import { useEffect, useState } from 'react';
import type { ScenarioComparison } from '../../model/schedule-board';
import { callApi } from '../api/calls';
import { scheduleCalls } from '../../model/calls/schedule';

export function useScenarioComparison(scenarioId: number, reloadKey: number) {
  const [cmp, setCmp] = useState<ScenarioComparison | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let alive = true;
    setError('');
    callApi(scheduleCalls.compare, { scenario: scenarioId }, { quiet: true })
      .then((c) => alive && setCmp(c))
      .catch((e) => alive && setError(e instanceof Error ? e.message : String(e)));
    return () => { alive = false; };
  }, [scenarioId, reloadKey]);
  return { cmp, error };
}
