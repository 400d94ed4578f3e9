import { useCallback } from 'react';
import useSWR from 'swr';
import { entityApiFor, type Row } from './entity-api';

/**
 * An entity's rows as its list reads them (the first page of `query`: size, sort, `f.<field>.<op>`
 * filters), through swr: null until read, empty when the read fails (the API reactions said why);
 * `reload()` reads them again and resolves with them, so a caller can pick among the new rows.
 *
 * Example: `const { rows, reload } = useEntityRows(allocationVersion, { size: '200', sort: '-created_at' });`
 */
export function useEntityRows(entity: { prefix: string; name: string }, query: Record<string, string>) {
  const key = ['entity-rows', entity.prefix, entity.name, JSON.stringify(query)] as const;
  const read = () => entityApiFor(entity).rows({ page: '1', ...query }).then((r) => r.rows, (): Row[] => []);
  const { data, mutate } = useSWR<Row[]>(key, read, { revalidateOnFocus: false });
  const reload = useCallback(async () => (await mutate()) ?? [], [mutate]);
  return { rows: data ?? null, reload };
}
