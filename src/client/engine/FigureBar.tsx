import { makeStyles, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  bar: { display: 'flex', gap: '18px', flexWrap: 'wrap', alignItems: 'center', fontSize: tokens.fontSizeBase300, color: tokens.colorNeutralForeground2 },
  plain: { fontWeight: 600, color: tokens.colorNeutralForeground1 },
  warn: { fontWeight: 600, color: tokens.colorPaletteDarkOrangeForeground1 },
  bad: { fontWeight: 600, color: tokens.colorPaletteRedForeground1 },
});

/** One figure of a bar: its label, its number (thousands grouped), and how it reads (`warn`, `bad`: coloured). */
export type Figure = { key: string; label: string; value: number; tone?: 'plain' | 'warn' | 'bad'; testId?: string };

/**
 * A line of running figures beside a screen's toolbar (a workbench's demand, allocated, unallocated...),
 * each a label and its number. Example: `<FigureBar testId="workbench-totals" figures={[{ key: 'demand', label: '需求', value: 3950 }]} />`.
 */
export function FigureBar(p: { figures: readonly Figure[]; testId?: string }) {
  const s = useStyles();
  return (
    <div className={s.bar} data-testid={p.testId}>
      {p.figures.map((f) => (
        <span key={f.key}>
          {f.label} <span className={s[f.tone ?? 'plain']} data-testid={f.testId}>{f.value.toLocaleString()}</span>
        </span>
      ))}
    </div>
  );
}
