import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { sourcingCalls, type CompareSupplier, type Evaluation, type ProjectComparison } from '../../../model/calls/sourcing';
import { sourcingProject } from '../../../model/entities/sourcingproject.entity';
import { ApiError } from '../../api/client';
import { callApi } from '../../api/calls';
import { entityApiOf, type Row } from '../../api/entity-api';
import { downloadFile } from '../../engine/upload-api';
import { toast } from '../../kernel/toast-bus';

/**
 * The comparison page's data and commands (SourcingComparePage is its view): the projects that can be
 * compared, the chosen one's comparison and evaluation, the caller's draft scores, saving them, the
 * award and the workbook.
 */
const PROJECTS = entityApiOf(`/api/${sourcingProject.prefix}/${sourcingProject.name}`);
const COMPARABLE = 'publishing,sourcing_ended,evaluating,evaluation_ended';

/** The projects to pick from; the first is chosen once, when the page opens without one. */
function useProjects(id: number | null, choose: (id: string) => void) {
  const [projects, setProjects] = useState<Row[] | null>(null);
  useEffect(() => {
    void PROJECTS.page({ size: '200', sort: '-created_at', 'f.status.in': COMPARABLE }, { quiet: true })
      .then((r) => {
        setProjects(r.rows);
        if (!id && r.rows.length) choose(String(r.rows[0].id));
      })
      .catch(() => setProjects([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once when the page opens; choosing a project later must not read the list again
  }, []);
  return projects;
}

export function useSourcingCompare() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id') ?? 0) || null;
  const projects = useProjects(id, (v) => setParams({ id: v }, { replace: true }));
  const [data, setData] = useState<ProjectComparison | null>(null);
  const [ev, setEv] = useState<Evaluation | null>(null);
  const [draft, setDraft] = useState<Record<number, Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  const [withContract, setWithContract] = useState(true);

  const load = useCallback(async () => {
    if (!id) return;
    const [c, e] = await Promise.all([
      callApi(sourcingCalls.compare, { project_id: id }, { quiet: true }),
      callApi(sourcingCalls.evaluation, { project_id: id }, { quiet: true }),
    ]);
    setData(c);
    setEv(e);
    setDraft(Object.fromEntries(e.suppliers.map((s) => [s.record_id, Object.fromEntries(Object.entries(s.my_scores).map(([k, v]) => [k, String(v)]))])));
  }, [id]);
  useEffect(() => {
    setData(null);
    void load().catch(() => undefined);
  }, [load]);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      await load();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
    } finally {
      setBusy(false);
    }
  };
  const saveScores = (recordId: number) => attempt(async () => {
    const scores = Object.fromEntries(Object.entries(draft[recordId] ?? {}).filter(([, v]) => v !== ''));
    await callApi(sourcingCalls.score, { project_id: id ?? 0, record_id: recordId, scores });
    toast.success(t('src.score.saved'));
  });
  const awardTo = async (s: CompareSupplier) => {
    if (!id || !window.confirm(t('src.ui.awardConfirm', { supplier: s.supplier_name }))) return;
    await attempt(async () => {
      const version = data?.project.version === undefined ? null : Number(data.project.version);
      const r = (await PROJECTS.action('award', [id], { award_record_id: s.record_id, make_contract: withContract }, version)) as { data?: Array<{ message?: string }> };
      toast.success(r.data?.[0]?.message ?? t('src.ui.awarded'));
    });
  };
  const setScore = (recordId: number, itemId: number, v: string) => setDraft((d) => ({ ...d, [recordId]: { ...(d[recordId] ?? {}), [String(itemId)]: v } }));
  const exportWorkbook = () => void downloadFile(sourcingCalls.compareExport.path, { project_id: id ?? 0 }, `${String(data?.project.code ?? 'comparison')}.xlsx`);
  return { id, choose: (v: string) => setParams({ id: v }), projects, data, ev, draft, setScore, busy, withContract, setWithContract, load, saveScores, awardTo, exportWorkbook };
}
