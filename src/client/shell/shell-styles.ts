import { makeStyles, tokens } from '@fluentui/react-components';

/** The shell's styles: shared by its top bar, side navigation and notices. */
export const useShellStyles = makeStyles({
  // One column no wider than the window: a page wider than its room scrolls inside <main>, it never
  // widens the document and cuts the top bar (issue 21; an auto column took the page's widest line).
  root: { display: 'grid', gridTemplateRows: '52px 1fr', gridTemplateColumns: 'minmax(0, 1fr)', height: '100vh', background: tokens.colorNeutralBackground2 },
  top: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '0 12px 0 8px',
    background: '#16264A',
    color: '#fff',
    boxShadow: tokens.shadow4,
    zIndex: 2,
  },
  brand: { display: 'flex', alignItems: 'center', gap: '10px', cursor: 'pointer', padding: '4px 8px', borderRadius: '6px', color: '#fff', background: 'transparent', border: 'none' },
  mark: { width: '28px', height: '28px', borderRadius: '7px', background: '#2E60B2', display: 'grid', placeItems: 'center', fontWeight: 700, fontSize: '13px' },
  appName: { fontSize: '15px', fontWeight: 600, whiteSpace: 'nowrap', '@media (max-width: 700px)': { display: 'none' } },
  spacer: { flex: 1 },
  topButton: {
    color: '#fff',
    minWidth: 'auto',
    ':hover': { color: '#fff', background: 'rgba(255,255,255,0.12)' },
    ':hover:active': { color: '#fff', background: 'rgba(255,255,255,0.18)' },
  },
  body: { display: 'flex', minHeight: 0 },
  nav: { height: '100%', borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  main: { flex: 1, minWidth: 0, overflow: 'auto', display: 'flex', flexDirection: 'column' },
  // No notice, no space (issue 21: list pages carried ~80 px of dead space above their title).
  notices: { display: 'grid', gap: '8px', padding: '12px 24px 0', ':empty': { display: 'none' } },
  content: { flex: 1, padding: '12px 20px 20px' },
  userButton: { color: '#fff', ':hover': { color: '#fff', background: 'rgba(255,255,255,0.12)' } },
  navEmpty: { padding: '16px', color: tokens.colorNeutralForeground3 },
  navSearch: { paddingTop: '8px', paddingBottom: '4px', '& .fui-SearchBox': { width: '100%', maxWidth: 'none' } },
  // The menu folded to icons (NavRail): one column of group buttons, the open page's group marked.
  rail: {
    width: '52px',
    flexShrink: 0,
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '4px',
    padding: '10px 0',
    overflowY: 'auto',
    background: tokens.colorNeutralBackground1,
    borderRight: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  railButton: { minWidth: '40px', width: '40px', height: '40px', color: tokens.colorNeutralForeground2 },
  railCurrent: { color: tokens.colorBrandForeground1, background: tokens.colorBrandBackground2 },
  railEntryCurrent: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorBrandForeground1 },
  // A menu entry with its favourite star at the right (spec 2: favourite menus).
  navEntry: { position: 'relative' },
  navStar: { position: 'absolute', right: '6px', top: '50%', transform: 'translateY(-50%)' },
});
