import { Input, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { cellsState, typeCell, type CellsDecl } from './cells-param';

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', '& td, & th': { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: '4px 8px', textAlign: 'left' } },
  num: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: '12px' },
});

/**
 * A transition's parameter entered per colour x size cell of the record (`TransitionDef.cells`, in
 * `TransitionDialog`): each cell with its ordered, done and left pieces and an input, a refusal under
 * its cell as typed or from the server (`errors['<param>.<cell key>']`). Test ids `cell-<key>`
 * (`data-done`, `data-left`) and `cell-now-<key>`.
 */
export function CellsParam(p: { decl: CellsDecl; record: Record<string, unknown>; value: string; onChange: (v: string) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const s = useStyles();
  const { cells, typed, problems } = cellsState(p.decl, p.record, p.value);
  return (
    <table className={s.table} data-testid={`cells-${p.decl.param}`}>
      <thead>
        <tr>{t('engine.cells.head').split('|').map((h) => <th key={h}>{h}</th>)}</tr>
      </thead>
      <tbody>
        {cells.map((c) => {
          const problem = problems.get(c.key);
          const message = p.errors[`${p.decl.param}.${c.key}`] ?? (problem ? t(problem.kind === 'unknown' ? 'engine.cells.unknown' : 'engine.cells.over', { left: problem.left }) : null);
          return (
            <tr key={c.key} data-testid={`cell-${c.key}`} data-done={c.done} data-left={c.left}>
              <td>{c.colour}</td>
              <td>{c.size}</td>
              <td className={s.num}>{c.ordered}</td>
              <td className={s.num}>{c.done}</td>
              <td className={s.num}>{c.left}</td>
              <td>
                <Input size="small" type="number" min={0} value={typed[c.key] ?? ''} disabled={c.left <= 0} onChange={(_, d) => p.onChange(typeCell(p.value, c.key, d.value))} style={{ width: 90 }} data-testid={`cell-now-${c.key}`} />
                {message && <div className={s.error}>{message}</div>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
