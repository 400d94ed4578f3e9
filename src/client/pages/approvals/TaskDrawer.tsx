import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import type { RecordForm } from '../../form/use-record-form';
import type { DocumentSummary } from './approval-api';
import { DecisionButtons, FlowPanel, useFlow } from './ApprovalPanel';

const useStyles = makeStyles({
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300 },
  th: { textAlign: 'left', padding: '6px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke1}`, fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  td: { padding: '6px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  num: { textAlign: 'right', padding: '4px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, whiteSpace: 'nowrap' },
  figures: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: '6px 12px' },
  figure: { display: 'flex', flexDirection: 'column' },
  part: { display: 'flex', flexDirection: 'column', gap: '8px', marginTop: '16px' },
});

/** The document a task's row is about (the flow's record), read from the task. */
function taskDocument(rf: RecordForm): { entity: string; id: number | null } {
  const r = rf.record;
  return { entity: String(r?.record_entity ?? ''), id: r?.record_id === undefined || r?.record_id === null ? null : Number(r.record_id) };
}

/** The document's key figures and its lines, so the approver decides without opening it (issue 29). */
function TaskSummary({ summary }: { summary: DocumentSummary }) {
  const { t } = useTranslation();
  const s = useStyles();
  return (
    <div data-testid="wf-summary" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Text weight="semibold">{t('wf.summary.title')}</Text>
      <div className={s.figures}>
        {summary.fields.map((f) => (
          <div key={f.key} className={s.figure} data-testid={`wf-summary-${f.key}`}>
            <Text size={200} style={{ color: tokens.colorNeutralForeground3 }}>{f.label}</Text>
            <Text weight="semibold">{f.text || '-'}</Text>
          </div>
        ))}
      </div>
      {summary.lines && (
        <>
          <Text weight="semibold">{t('wf.summary.lines', { n: summary.lines.rows.length })}</Text>
          <table className={s.table} data-testid="wf-summary-lines">
            <thead>
              <tr>{summary.lines.columns.map((c) => <th key={c.key} className={s.th}>{c.label}</th>)}</tr>
            </thead>
            <tbody>
              {summary.lines.rows.map((r, i) => (
                <tr key={i} data-testid="wf-summary-line">
                  {summary.lines!.columns.map((c) => <td key={c.key} className={c.numeric ? s.num : s.td}>{r[c.key]}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

/** Under a task's fields: the document's figures and lines, the flow diagram and its history. */
export function TaskFlowBody({ rf }: DrawerExtensionProps) {
  const s = useStyles();
  const doc = taskDocument(rf);
  const { flow } = useFlow(doc.entity, doc.id);
  if (!flow) return null;
  return (
    <div className={s.part}>
      {flow.summary && <TaskSummary summary={flow.summary} />}
      <FlowPanel flow={flow} />
    </div>
  );
}

/** In a task's drawer footer: the decisions the server allows the caller now, and a link to the document; a decision closes the drawer and reads the list again. */
export function TaskDecisions({ rf, done }: DrawerExtensionProps) {
  const navigate = useNavigate();
  const doc = taskDocument(rf);
  const { flow, reload } = useFlow(doc.entity, doc.id);
  if (!flow || doc.id === null) return null;
  const decided = () => {
    reload();
    done?.();
  };
  return (
    <>
      <DecisionButtons flow={flow} onDone={decided} />
      <Button appearance="subtle" data-testid="wf-open-doc" onClick={() => navigate(`/page/view/${doc.entity}?id=${String(doc.id)}`)}>{flow.doc_no}</Button>
    </>
  );
}
