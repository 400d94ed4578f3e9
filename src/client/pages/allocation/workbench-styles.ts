import { makeStyles, tokens } from '@fluentui/react-components';

/** The workbench's styles, shared by its views. */
export const useWorkbenchStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '8px', height: '100%', boxSizing: 'border-box', minHeight: 0 },
  // The toolbar has its row; what does not fit goes into its "more" menu (issue 21 at 1366 px).
  toolbar: { flexBasis: '100%', display: 'flex', minWidth: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: '2px 6px', boxShadow: tokens.shadow2 },
  main: { flex: 1, minHeight: '420px' },
  grid: { flex: 1, minWidth: 0, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  side: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, background: tokens.colorNeutralBackground1 },
  sideHead: { padding: '8px 12px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, display: 'flex', flexDirection: 'column', gap: '2px' },
  sideBody: { flex: 1, overflow: 'auto', padding: '4px' },
  unplaced: { maxHeight: '320px', overflow: 'auto', fontSize: tokens.fontSizeBase200, width: '100%', borderCollapse: 'collapse' },
});

/** Cell highlights of the grid (global class names: AG Grid renders outside Griffel's scope). */
export const CELL_CSS = `
.wb-over { background: #fde2e1 !important; color: #a4262c; font-weight: 600; }
.wb-unalloc { background: #fff4ce !important; color: #8a5a00; font-weight: 600; }
.wb-overalloc { background: #fde2e1 !important; color: #a4262c; font-weight: 600; }
.wb-nocap { background: #f5f5f5; color: #a0a0a0; }
.wb-locked { box-shadow: inset 3px 0 0 #2e60b2; }
.wb-dirty { font-style: italic; text-decoration: underline dotted #2e60b2; }
.wb-pinned { font-weight: 600; background: #f0f4fa; }
`;
