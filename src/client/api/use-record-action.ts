import { useState } from 'react';
import { entityApiFor, type Row } from './entity-api';

/** What an action answers: the record as written, and its handler's data. */
export type RecordActionReply = { rows: Row[]; data?: Array<Record<string, unknown> | null> };

/**
 * One record's actions through its entity's action route, `busy` while one runs: `act(action,
 * params, read)` runs it at the version read (by default the record's; null checks none, after the
 * caller's own write made a newer one) and resolves with the reply, or with null when there is no
 * record or the action was refused (the API reactions told the user why).
 *
 * Example: `const { busy, act } = useRecordAction(allocationVersion, version); await act('suggest');`
 */
export function useRecordAction(entity: { prefix: string; name: string }, record: Row | null) {
  const [busy, setBusy] = useState(false);
  const act = async (action: string, params: Row = {}, read: number | null = Number(record?.version)): Promise<RecordActionReply | null> => {
    if (!record) return null;
    setBusy(true);
    try {
      return (await entityApiFor(entity).action(action, [Number(record.id)], params, read)) as RecordActionReply;
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { busy, setBusy, act };
}
