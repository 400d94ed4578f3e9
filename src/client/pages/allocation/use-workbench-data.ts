import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { allocationCalls } from '../../../model/calls/allocation';
import { allocationVersion } from '../../../model/entities/allocationversion.entity';
import { useCall } from '../../api/calls';
import { entityApiFor } from '../../api/entity-api';
import { useEntityRows } from '../../api/use-entity-rows';
import { heatCells, summary, vendorLabel, workbenchState, type WorkbenchState } from './workbench-model';

/** The allocation versions' list, form and actions. */
export const VERSIONS = entityApiFor(allocationVersion);

/** The versions (the engine's list read) and the address's choice among them. */
function useVersions() {
  const [search, setSearch] = useSearchParams();
  const { rows: versions, reload: loadVersions } = useEntityRows(allocationVersion, { size: '200', sort: '-created_at' });
  const versionId = Number(search.get('version')) || null;

  const pick = useCallback(
    (id: number | null) => {
      const next = new URLSearchParams(search);
      if (id) next.set('version', String(id));
      else next.delete('version');
      setSearch(next, { replace: true });
    },
    [search, setSearch],
  );

  // An address naming no version shows the draft worked on most recently (else the published one).
  useEffect(() => {
    const first = versionId ? null : (versions?.find((r) => r.status === 'draft') ?? versions?.find((r) => r.status === 'published') ?? versions?.[0]);
    if (first) pick(Number(first.id));
  }, [versions, versionId, pick]);

  return { versions, versionId, loadVersions, pick };
}

/**
 * The version's workbench as loaded (the engine's `useCall`), and `revision`, which counts loads and
 * edits to its ledger. The planner edits the ledger in place, so only a load asked for replaces it
 * (none on focus, reconnect or failure), each load a new ledger even when the reply is the same
 * (`loads`: a refresh discards the edits). The version shown stays until the next one has come; a
 * failed load shows none. A version picked while another loads: swr fills the grid with the last asked for.
 */
function useWorkbenchState(versionId: number | null) {
  const [revision, setRevision] = useState(0);
  const [loads, setLoads] = useState(0);
  const reply = useCall(allocationCalls.workbench, versionId ? { id: versionId } : null, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
    keepPreviousData: true,
    onSuccess: () => {
      setLoads((n) => n + 1);
      setRevision((r) => r + 1);
    },
  });
  const { data, error, isValidating, mutate } = reply;
  const state = useMemo(() => (data && !error && versionId ? workbenchState(data) : null), [data, error, versionId, loads]); // eslint-disable-line react-hooks/exhaustive-deps -- loads counts the replies: each one a new ledger
  const stateRef = useRef<WorkbenchState | null>(null);
  stateRef.current = state;
  const loadWorkbench = useCallback(async () => void (await mutate()), [mutate]);
  const bump = useCallback(() => setRevision((r) => r + 1), []);
  return { state, stateRef, loading: isValidating, revision, bump, loadWorkbench };
}

/**
 * The workbench's data (issue 6): the versions, the one the address names, its lines and vendors
 * as the ledger holds them, and what follows every edit (totals, heatmap cells).
 */
export function useWorkbenchData() {
  const picked = useVersions();
  const loaded = useWorkbenchState(picked.versionId);
  const { state, revision } = loaded;
  const version = state?.data.version ?? null;
  const draft = version?.status === 'draft';
  const vendors = useMemo(() => state?.data.vendors ?? [], [state]);
  const cycles = useMemo(() => state?.data.cycles ?? [], [state]);
  const heatVendors = useMemo(() => vendors.map((v) => ({ id: v.id, label: vendorLabel(v) })), [vendors]);
  // Recomputed from the ledger on each edit (revision): 200 vendors x 12 cycles is 2,400 lookups.
  const cells = useMemo(() => (state ? heatCells(state) : []), [state, revision]); // eslint-disable-line react-hooks/exhaustive-deps -- revision counts edits to the ledger, which changes inside state in place
  const totals = useMemo(() => (state ? summary(state) : null), [state, revision]); // eslint-disable-line react-hooks/exhaustive-deps -- revision counts edits to the ledger, as above
  const lineById = useMemo(() => new Map((state?.data.lines ?? []).map((l) => [l.id, l])), [state]);
  const vendorById = useMemo(() => new Map(vendors.map((v) => [v.id, v])), [vendors]);
  return { ...picked, ...loaded, version, draft, vendors, cycles, heatVendors, cells, totals, lineById, vendorById };
}

export type WorkbenchData = ReturnType<typeof useWorkbenchData>;
