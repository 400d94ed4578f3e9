/**
 * The evaluation to-do (issue 16), at `/srm/page/sourcingevaltodo`: the projects in evaluation where
 * the signed-in user is an evaluation member, with how many shortlisted suppliers still wait for the
 * user's scores; "去评分" opens the comparison and scoring page of the project.
 */
import { Badge, Button, Spinner } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { SOURCING_COMPARE_PATH } from '../../../../grids/sourcing/menu';
import { sourcingCalls, type EvalTodo } from '../../../model/calls/sourcing';
import { callApi } from '../../api/calls';
import './sourcing-messages';

const CSS = `
.et-page { display: flex; flex-direction: column; gap: 12px; padding: 16px; min-width: 0; }
.et-head { display: flex; align-items: center; gap: 12px; }
.et-head h2 { margin: 0; font-size: 16px; }
.et-row { display: flex; align-items: center; gap: 12px; border: 1px solid #e0e0e0; border-radius: 6px; padding: 10px 12px; background: #fff; }
.et-name { font-weight: 600; min-width: 240px; }
.et-code { color: #616161; font-size: 12px; min-width: 120px; }
`;

export function EvalTodoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [rows, setRows] = useState<EvalTodo[] | null>(null);
  const load = useCallback(async () => setRows((await callApi(sourcingCalls.evalTodo, undefined, { quiet: true })).rows), []);
  useEffect(() => {
    void load().catch(() => setRows([]));
  }, [load]);
  return (
    <div className="et-page" data-testid="sourcing-eval-todo">
      <style>{CSS}</style>
      <div className="et-head">
        <h2>{t('src.ui.todoTitle')}</h2>
        <Button icon={<ArrowClockwiseRegular />} onClick={() => void load()}>{t('src.ui.refresh')}</Button>
      </div>
      {rows === null ? <Spinner /> : rows.length === 0 ? <div className="et-row">{t('src.ui.todoEmpty')}</div> : rows.map((r) => (
        <div className="et-row" key={r.id} data-testid={`todo-${r.code}`}>
          <span className="et-code">{r.code}</span>
          <span className="et-name">{r.name}</span>
          {r.pending > 0 ? <Badge color="warning">{t('src.ui.todoPending', { pending: r.pending, suppliers: r.suppliers })}</Badge> : <Badge color="success">{t('src.ui.todoDone', { suppliers: r.suppliers })}</Badge>}
          <Button size="small" appearance={r.pending > 0 ? 'primary' : 'secondary'} onClick={() => navigate(`${SOURCING_COMPARE_PATH}?id=${r.id}`)}>{t('src.ui.todoOpen')}</Button>
        </div>
      ))}
    </div>
  );
}
