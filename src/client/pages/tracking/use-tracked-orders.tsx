/**
 * What the three node-tracking pages (the maker's, the brand's and the supplier's) share: the list of
 * tracked orders and the chosen order's timeline, loaded by the page's own declared calls; the actual
 * dates typed but not yet recorded; recording one; and the cell that types and records it.
 */
import { Button } from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Call } from '../../../model/calls/call';
import type { Timeline, TimelineNode as Node, TrackedOrderRow, TrackedOrdersCalls } from '../../../model/calls/tracking';
import { ApiError } from '../../api/client';
import { callApi } from '../../api/calls';
import { DateText } from '../../form/widgets/date-input';
import { toast } from '../../kernel/toast-bus';

/**
 * The tracked orders of `calls.list` and the timeline of the chosen one, the order named by the
 * address's `urlParam` (`open` names another); the timeline is `calls.timeline` asked with
 * `{ [calls.param]: selected }`. Both reload when `selected` changes and on `reload`.
 */
export function useTrackedOrders<R extends TrackedOrderRow, P extends string>(calls: TrackedOrdersCalls<R, P>, urlParam: string) {
  const { list, timeline, param } = calls;
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selected = params.get(urlParam) ? Number(params.get(urlParam)) : null;
  const open = (id: number) => setParams({ [urlParam]: String(id) });
  const [rows, setRows] = useState<R[] | null>(null);
  const [tl, setTl] = useState<Timeline | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const loadList = useCallback(async () => {
    try {
      setRows((await callApi(list, undefined, { quiet: true })).rows);
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  }, [list]);
  const loadTimeline = useCallback(
    async (id: number | null) => {
      if (id === null) return setTl(null);
      try {
        setTl(await callApi(timeline as Call<Record<string, number>, Timeline>, { [param]: id }, { quiet: true }));
        setDrafts({});
      } catch (e) {
        setTl(null);
        setError(e instanceof ApiError ? e.message : String(e));
      }
    },
    [timeline, param],
  );
  useEffect(() => void loadList(), [loadList]);
  useEffect(() => void loadTimeline(selected), [loadTimeline, selected]);

  /** Runs one of the page's commands with the page busy meanwhile; the API hooks show a refusal. */
  const run = async (command: () => Promise<void>) => {
    setBusy(true);
    try {
      await command();
    } catch {
      // The API hooks show the server's message.
    } finally {
      setBusy(false);
    }
  };

  /** Records (or, with `date` null, clears) a node's actual date through `send`, which answers the new timeline. */
  const record = (send: (n: Node, date: string | null) => Promise<Timeline | undefined>, n: Node, date: string | null) =>
    run(async () => {
      const next = await send(n, date);
      if (next) setTl(next);
      // The stored date shows again once recorded (the draft is dropped, not emptied).
      setDrafts(({ [n.node_code]: _, ...rest }) => rest);
      toast.success(date ? t('nt.recorded', { node: n.node_name, date }) : t('nt.cleared', { node: n.node_name }));
      void loadList();
    });

  const reload = () => {
    void loadList();
    void loadTimeline(selected);
  };
  return { rows, tl, setTl, selected, open, error, drafts, setDrafts, busy, run, record, loadList, loadTimeline, reload };
}

/** A node's actual date: typed, then recorded; a recorded one can be cleared. */
export function ActualDateCell(props: { node: Node; draft: string | undefined; disabled: boolean; onDraft: (value: string) => void; onRecord: (date: string | null) => void }) {
  const { t } = useTranslation();
  const { node: n, draft, disabled } = props;
  return (
    <div style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
      <div style={{ width: 150 }}>
        <DateText kind="date" value={draft ?? n.actual_date ?? ''} disabled={disabled} testId={`actual-${n.node_code}`} onChange={props.onDraft} />
      </div>
      <Button size="small" appearance="primary" disabled={disabled || !(draft ?? '') || draft === n.actual_date} onClick={() => props.onRecord(draft ?? null)} data-testid={`record-${n.node_code}`}>
        {t('nt.record')}
      </Button>
      {n.actual_date && (
        <Button size="small" appearance="subtle" disabled={disabled} onClick={() => props.onRecord(null)}>
          {t('nt.clear')}
        </Button>
      )}
    </div>
  );
}
