import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Tab,
  TabList,
  Text,
  Title3,
  ToolbarButton,
  ToolbarDivider,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ArchiveRegular, ArrowClockwiseRegular, CopyRegular, LightbulbFilamentRegular, SaveRegular, SendRegular, TableRegular } from '@fluentui/react-icons';
import type { CellClassParams, CellValueChangedEvent, ColDef, ColGroupDef, GridApi, IRowNode, ValueGetterParams, ValueSetterParams } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { getDictionary } from '../../../model/dictionaries';
import { getEntity } from '../../../model/entity';
import { validateField } from '../../../model/validate';
import { allocationCalls } from '../../../model/calls/allocation';
import { allocationVersion } from '../../../model/entities/allocationversion.entity';
import { callApi } from '../../api/calls';
import { entityApiOf, type Row } from '../../api/entity-api';
import { ListExcelActions } from '../../engine/ListExcelActions';
import { resolvedPageOf } from '../../api/resolved-page';
import { ConfirmDialog } from '../../form/dialogs';
import { DateText } from '../../form/widgets/date-input';
import { gridTheme, GRID_LOCALE } from '../../grid/EntityGrid';
import '../../grid/grid-modules';
import { SPREADSHEET_CSS, useSpreadsheetKeys } from '../../grid/useSpreadsheetKeys';
import { toast } from '../../kernel/toast-bus';
import { CapacityHeatmap } from './CapacityHeatmap';
import { SplitPane } from '../../shell/SplitPane';
import { OverflowToolbar } from '../../engine/OverflowToolbar';
import {
  applyEdit,
  cellOverCapacity,
  earlyQty,
  heatCells,
  parseCellInput,
  pendingEdits,
  shownQty,
  summary,
  vendorCanMake,
  vendorLabel,
  vendorLoad,
  workbenchState,
  type WorkbenchLine,
  type WorkbenchState,
} from './workbench-model';
import { cellKeyOf } from '../../../model/allocation';
import { useWorkbenchDraft } from './workbench-draft';

const VERSIONS = entityApiOf(`/api/${allocationVersion.prefix}/${allocationVersion.name}`);

type Unplaced = { lineId: number; qty: number; reason: string; message: string };
type SuggestReply = { totals: { demand: number; kept: number; suggested: number; unplaced: number }; unplaced: Unplaced[]; overCapacity: Array<{ vendorId: number; cycle: string; load: number; capacity: number }> };
type ActionReply = { rows: Row[]; data?: Array<Record<string, unknown> | null> };

/** The demand list's query for one version (the export repeats it, as a list export repeats its filters). */
const demandQuery = (versionId: number): Record<string, unknown> => ({ 'f.version_id.eq': String(versionId) });

/** A pinned row at the bottom of the grid: per vendor, allocated pieces or load against capacity. */
type PinnedRow = { __pinned: 'allocated' | 'capacity' | 'load' };
type GridRow = WorkbenchLine | PinnedRow;
const isPinned = (r: GridRow | undefined): r is PinnedRow => Boolean(r && '__pinned' in r);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '8px', height: '100%', boxSizing: 'border-box', minHeight: 0 },
  // The toolbar has its row; what does not fit goes into its "more" menu (issue 21 at 1366 px).
  toolbar: { flexBasis: '100%', display: 'flex', minWidth: 0 },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  bar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, padding: '2px 6px', boxShadow: tokens.shadow2 },
  stats: { display: 'flex', gap: '18px', flexWrap: 'wrap', alignItems: 'center', fontSize: tokens.fontSizeBase300, color: tokens.colorNeutralForeground2 },
  stat: { fontWeight: 600, color: tokens.colorNeutralForeground1 },
  warn: { fontWeight: 600, color: tokens.colorPaletteDarkOrangeForeground1 },
  bad: { fontWeight: 600, color: tokens.colorPaletteRedForeground1 },
  main: { flex: 1, minHeight: '420px' },
  grid: { flex: 1, minWidth: 0, border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  side: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, background: tokens.colorNeutralBackground1 },
  sideHead: { padding: '8px 12px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, display: 'flex', flexDirection: 'column', gap: '2px' },
  sideBody: { flex: 1, overflow: 'auto', padding: '4px' },
  empty: { padding: '48px', display: 'flex', flexDirection: 'column', gap: '12px', alignItems: 'flex-start' },
  unplaced: { maxHeight: '320px', overflow: 'auto', fontSize: tokens.fontSizeBase200, width: '100%', borderCollapse: 'collapse' },
});

/** Cell highlights of the grid (global class names: AG Grid renders outside Griffel's scope). */
const CELL_CSS = `
.wb-over { background: #fde2e1 !important; color: #a4262c; font-weight: 600; }
.wb-unalloc { background: #fff4ce !important; color: #8a5a00; font-weight: 600; }
.wb-overalloc { background: #fde2e1 !important; color: #a4262c; font-weight: 600; }
.wb-nocap { background: #f5f5f5; color: #a0a0a0; }
.wb-locked { box-shadow: inset 3px 0 0 #2e60b2; }
.wb-dirty { font-style: italic; text-decoration: underline dotted #2e60b2; }
.wb-pinned { font-weight: 600; background: #f0f4fa; }
`;

const statusColour: Record<string, 'informative' | 'success' | 'subtle'> = { draft: 'informative', published: 'success', archived: 'subtle' };

/**
 * The allocation workbench (issue 6; DOMAIN "Demand allocation"): a version's demand lines against its
 * vendors, editable in place while the version is a draft; allocated against demand per line, load
 * against capacity per vendor (and per cycle in the heatmap beside it) follow every edit at once
 * through the ledger, over-capacity and unallocated cells are highlighted; "Suggest allocation" runs the
 * server's algorithm (planner edits are kept) and lists what it could not place and why; edits are
 * saved with save-cells; versions are created, copied, published and archived here.
 */
export function AllocationWorkbenchPage() {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const en = language === 'en';
  const [search, setSearch] = useSearchParams();
  const [versions, setVersions] = useState<Row[] | null>(null);
  const versionId = Number(search.get('version')) || null;
  const [state, setState] = useState<WorkbenchState | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [revision, setRevision] = useState(0);
  const [cycleTab, setCycleTab] = useState('all');
  const [confirm, setConfirm] = useState<'publish' | 'archive' | 'discard' | null>(null);
  const [dialog, setDialog] = useState<'create' | 'copy' | null>(null);
  const [form, setForm] = useState({ version_code: '', name: '', month_from: '', month_to: '' });
  const [formErrors, setFormErrors] = useState<Record<string, string>>({});
  const [suggestion, setSuggestion] = useState<SuggestReply | null>(null);
  const gridApi = useRef<GridApi<GridRow> | null>(null);
  // Spreadsheet keys (issue 21): ranges, copy/paste of blocks, fill down, clear, undo; a quantity is a whole number >= 0.
  const sheetKeys = useSpreadsheetKeys({
    validate: (_col, _node, raw) => {
      const parsed = parseCellInput(raw);
      return parsed.ok ? { value: parsed.qty, error: null } : { value: raw, error: { key: 'rule.naturalNumber' } };
    },
    onRefused: (refused) => toast.warning(t('grid.pasteRefused', { count: refused.length, message: t(refused[0].error.key) })),
  });
  const stateRef = useRef<WorkbenchState | null>(null);
  stateRef.current = state;
  const cycleRef = useRef(cycleTab);
  cycleRef.current = cycleTab;
  const categories = useMemo(() => new Map((getDictionary('product_category')?.items ?? []).map((i) => [i.value, en ? i.label.en : i.label.zh])), [en]);
  const versionPage = resolvedPageOf('allocationversion');
  const demandPage = resolvedPageOf('demand');
  const transitions = versionPage?.entity.states?.transitions ?? [];

  useEffect(() => {
    document.title = t('alloc.title');
  }, [t]);

  const loadVersions = useCallback(async () => {
    try {
      const reply = await VERSIONS.page({ page: '1', size: '200', sort: '-created_at' });
      setVersions(reply.rows);
      return reply.rows;
    } catch {
      setVersions([]);
      return [];
    }
  }, []);

  const pick = useCallback(
    (id: number | null) => {
      const next = new URLSearchParams(search);
      if (id) next.set('version', String(id));
      else next.delete('version');
      setSearch(next, { replace: true });
    },
    [search, setSearch],
  );

  // First visit: the versions, then the draft worked on most recently (else the published one).
  useEffect(() => {
    void loadVersions().then((rows) => {
      if (!versionId && rows.length) {
        const first = rows.find((r) => r.status === 'draft') ?? rows.find((r) => r.status === 'published') ?? rows[0];
        pick(Number(first.id));
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- first visit only: the versions load once, and one is picked only when the address names none
  }, []);

  // Loads can overlap (a version picked while another loads, a refresh during a reload): only the
  // last one asked for fills the grid, so a late answer never replaces what the planner works on.
  const loadSeq = useRef(0);
  const loadWorkbench = useCallback(async (id: number) => {
    const seq = ++loadSeq.current;
    setLoading(true);
    try {
      const data = await callApi(allocationCalls.workbench, { id });
      if (seq !== loadSeq.current) return;
      setState(workbenchState(data));
      setRevision((r) => r + 1);
    } catch {
      if (seq === loadSeq.current) setState(null);
    } finally {
      if (seq === loadSeq.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    setSuggestion(null);
    setCycleTab('all');
    if (versionId) void loadWorkbench(versionId);
    else setState(null);
  }, [versionId, loadWorkbench]);

  const version = state?.data.version ?? null;
  const draft = version?.status === 'draft';
  const vendors = useMemo(() => state?.data.vendors ?? [], [state]);
  const cycles = useMemo(() => state?.data.cycles ?? [], [state]);
  const heatVendors = useMemo(() => vendors.map((v) => ({ id: v.id, label: vendorLabel(v) })), [vendors]);
  // Recomputed from the ledger on each edit (revision): 200 vendors x 12 cycles is 2,400 lookups.
  const cells = useMemo(() => (state ? heatCells(state) : []), [state, revision]); // eslint-disable-line react-hooks/exhaustive-deps -- revision counts edits to the ledger, which changes inside state in place
  const totals = useMemo(() => (state ? summary(state) : null), [state, revision]); // eslint-disable-line react-hooks/exhaustive-deps -- revision counts edits to the ledger, as above

  // Issue 29: leaving with pending edits asks; a reload keeps them as a draft offered back here.
  const unsaved = useWorkbenchDraft({
    state,
    editable: Boolean(draft),
    revision,
    onRestored: () => {
      const g = gridApi.current;
      if (g && !g.isDestroyed()) g.refreshCells({ force: true });
      setRevision((r) => r + 1);
    },
  });

  const pinnedRows = useMemo<PinnedRow[]>(() => [{ __pinned: 'allocated' }, { __pinned: 'capacity' }, { __pinned: 'load' }], []);

  const columnDefs = useMemo<Array<ColDef<GridRow> | ColGroupDef<GridRow>>>(() => {
    if (!state) return [];
    const line = (p: { data?: GridRow }) => (isPinned(p.data) ? null : (p.data as WorkbenchLine | undefined) ?? null);
    const pinnedLabel = (p: { data?: GridRow }) => (isPinned(p.data) ? t(`alloc.pinned.${p.data.__pinned}`) : undefined);
    // English words are longer than their Chinese labels and values ("Unallocated", "Knit dresses"):
    // the columns widen rather than cut them to "Unal…" (issue 21).
    const en = language === 'en';
    // Pinned: what identifies a line and its totals; category and series scroll with the vendors
    // (pinned, they left the vendors no room at 1366 px in English, and AG Grid unpins what overflows).
    const fixed: ColDef<GridRow>[] = [
      { colId: 'month', headerName: t('alloc.col.month'), width: 84, pinned: 'left', valueGetter: (p) => line(p)?.month ?? '', sortable: true },
      { colId: 'plan_sku', headerName: t('alloc.col.sku'), width: 140, pinned: 'left', valueGetter: (p) => pinnedLabel(p) ?? line(p)?.plan_sku ?? '', filter: 'agTextColumnFilter', cellClassRules: { 'wb-pinned': (p) => isPinned(p.data) } },
      { colId: 'category', headerName: t('alloc.col.category'), width: en ? 118 : 90, valueGetter: (p) => { const l = line(p); return l ? (categories.get(l.category) ?? l.category) : ''; }, filter: 'agTextColumnFilter' },
      { colId: 'plan_qty', headerName: t('alloc.col.demand'), width: 86, pinned: 'left', type: 'rightAligned', valueGetter: (p) => line(p)?.plan_qty ?? null },
      {
        colId: 'allocated',
        headerName: t('alloc.col.allocated'),
        width: en ? 96 : 78,
        pinned: 'left',
        type: 'rightAligned',
        valueGetter: (p) => { const l = line(p); return l ? stateRef.current!.ledger.allocated(l.id) : null; },
      },
      {
        colId: 'unallocated',
        headerName: t('alloc.col.unallocated'),
        width: en ? 110 : 78,
        pinned: 'left',
        type: 'rightAligned',
        valueGetter: (p) => { const l = line(p); return l ? stateRef.current!.ledger.unallocated(l.id) : null; },
        cellClassRules: { 'wb-unalloc': (p) => typeof p.value === 'number' && p.value > 0, 'wb-overalloc': (p) => typeof p.value === 'number' && p.value < 0 },
      },
    ];
    const vendorCols: ColDef<GridRow>[] = state.data.vendors.map((v) => ({
      colId: `v${v.id}`,
      // Code and name: a planner knows vendors by name (issue 21: headers showed the code only).
      headerName: v.code ? `${v.code} ${v.name}` : v.name,
      headerTooltip: `${vendorLabel(v)} · ${t('alloc.grade')} ${v.grade ?? '-'} · KPI ${v.kpi}`,
      wrapHeaderText: true,
      autoHeaderHeight: true,
      width: 104,
      type: 'rightAligned',
      editable: (p) => Boolean(draft) && !isPinned(p.data) && earlyQty(stateRef.current!, p.data as WorkbenchLine, v.id) === 0,
      valueGetter: (p: ValueGetterParams<GridRow>) => {
        const st = stateRef.current!;
        if (isPinned(p.data)) {
          const cyc = cycleRef.current === 'all' ? st.data.cycles : [cycleRef.current];
          const l = vendorLoad(st, cyc).get(v.id) ?? { load: 0, capacity: 0 };
          if (p.data.__pinned === 'allocated') return l.load;
          if (p.data.__pinned === 'capacity') return l.capacity;
          return l.capacity > 0 ? `${Math.round((l.load / l.capacity) * 100)}%` : l.load > 0 ? t('alloc.noCapacity') : '';
        }
        const q = shownQty(st, p.data as WorkbenchLine, v.id);
        return q === 0 && !st.edits.has(cellKeyOf((p.data as WorkbenchLine).id, v.id, (p.data as WorkbenchLine).month)) && !st.locked.has(cellKeyOf((p.data as WorkbenchLine).id, v.id, (p.data as WorkbenchLine).month)) ? null : q;
      },
      valueSetter: (p: ValueSetterParams<GridRow>) => {
        if (isPinned(p.data)) return false;
        const parsed = parseCellInput(p.newValue);
        if (!parsed.ok) {
          toast.warning(t('alloc.badQty'));
          return false;
        }
        applyEdit(stateRef.current!, p.data as WorkbenchLine, v.id, parsed.qty);
        return true;
      },
      valueParser: (p) => p.newValue,
      valueFormatter: (p) => (typeof p.value === 'number' ? p.value.toLocaleString() : String(p.value ?? '')),
      cellEditor: 'agTextCellEditor',
      cellClassRules: {
        'wb-pinned': (p: CellClassParams<GridRow>) => isPinned(p.data),
        'wb-over': (p: CellClassParams<GridRow>) => {
          const st = stateRef.current!;
          if (isPinned(p.data)) {
            if (p.data.__pinned !== 'load') return false;
            const cyc = cycleRef.current === 'all' ? st.data.cycles : [cycleRef.current];
            const l = vendorLoad(st, cyc).get(v.id);
            return Boolean(l && l.load > l.capacity);
          }
          return cellOverCapacity(st, p.data as WorkbenchLine, v.id);
        },
        'wb-nocap': (p: CellClassParams<GridRow>) => !isPinned(p.data) && !vendorCanMake(stateRef.current!, p.data as WorkbenchLine, v.id),
        'wb-locked': (p: CellClassParams<GridRow>) => !isPinned(p.data) && stateRef.current!.locked.has(cellKeyOf((p.data as WorkbenchLine).id, v.id, (p.data as WorkbenchLine).month)),
        'wb-dirty': (p: CellClassParams<GridRow>) => !isPinned(p.data) && stateRef.current!.edits.has(cellKeyOf((p.data as WorkbenchLine).id, v.id, (p.data as WorkbenchLine).month)),
      },
      tooltipValueGetter: (p) => {
        if (isPinned(p.data) || !p.data) return undefined;
        const e = earlyQty(stateRef.current!, p.data as WorkbenchLine, v.id);
        return e > 0 ? t('alloc.early', { qty: e }) : undefined;
      },
    }));
    const trailing: ColDef<GridRow>[] = [
      { colId: 'series', headerName: t('alloc.col.series'), width: 96, valueGetter: (p) => line(p)?.series ?? '', filter: 'agTextColumnFilter' },
    ];
    return [...fixed, { headerName: t('alloc.col.vendors'), children: vendorCols }, ...trailing];
    // The grid reads live totals through stateRef; columns change with the version and language only.
  }, [state, draft, t, categories, language]);

  // Stable grid props: the page re-renders on every edit (totals, heatmap) and the grid must not
  // take that as new settings (a new filter callback would re-filter 5,000 rows).
  const gridCallbacks = useMemo(
    () => ({
      getRowId: (p: { data: GridRow }) => (isPinned(p.data) ? `pinned-${p.data.__pinned}` : String(p.data.id)),
      defaultColDef: { resizable: true, suppressHeaderMenuButton: true, wrapHeaderText: true, autoHeaderHeight: true } as ColDef<GridRow>,
      isExternalFilterPresent: () => cycleRef.current !== 'all',
      doesExternalFilterPass: (n: IRowNode<GridRow>) => isPinned(n.data) || (n.data as WorkbenchLine | undefined)?.month === cycleRef.current,
      onGridReady: (e: { api: GridApi<GridRow> }) => {
        gridApi.current = e.api;
        sheetKeys.setApi(e.api as GridApi);
      },
    }),
    [sheetKeys],
  );
  const localeText = GRID_LOCALE[language];

  /** After an edit: the line's totals, the vendor's column (over-capacity marks), the pinned rows, the heatmap. */
  const onCellValueChanged = useCallback((e: CellValueChangedEvent<GridRow>) => {
    const g = e.api;
    const colId = e.column.getColId();
    g.refreshCells({ rowNodes: [e.node as IRowNode<GridRow>], columns: ['allocated', 'unallocated'], force: true });
    g.refreshCells({ columns: [colId], force: true });
    const pinned = [0, 1, 2].map((i) => g.getPinnedBottomRow(i)).filter((n): n is IRowNode<GridRow> => Boolean(n));
    g.refreshCells({ rowNodes: pinned, columns: [colId], force: true });
    setRevision((r) => r + 1);
    sheetKeys.onCellValueChanged(e as CellValueChangedEvent);
  }, [sheetKeys]);

  // The month filter: rows of one cycle, pinned rows measured on it.
  useEffect(() => {
    const g = gridApi.current;
    if (!g || g.isDestroyed()) return;
    g.onFilterChanged();
    const pinned = [0, 1, 2].map((i) => g.getPinnedBottomRow(i)).filter((n): n is IRowNode<GridRow> => Boolean(n));
    g.refreshCells({ rowNodes: pinned, force: true });
  }, [cycleTab]);

  const act = async (action: string, params: Record<string, unknown> = {}): Promise<ActionReply | null> => {
    if (!version) return null;
    setBusy(true);
    try {
      return (await VERSIONS.action(action, [Number(version.id)], params, Number(version.version))) as ActionReply;
    } catch {
      return null;
    } finally {
      setBusy(false);
    }
  };

  const saveEdits = async (quiet = false): Promise<boolean> => {
    const st = stateRef.current;
    if (!st || !st.edits.size) return true;
    const reply = await act('save-cells', { cells: JSON.stringify(pendingEdits(st)) });
    if (!reply) return false;
    if (!quiet) toast.success(t('alloc.saved', { count: st.edits.size }));
    unsaved.saved();
    sheetKeys.keep();
    await loadWorkbench(Number(st.data.version.id));
    void loadVersions();
    return true;
  };

  const suggest = async () => {
    // The planner's edits go first, so the suggestion keeps them (issue 6: edits after a suggestion are kept).
    if (!(await saveEdits(true))) return;
    const reply = await act('suggest');
    if (!reply) return;
    const data = (reply.data?.[0] ?? null) as SuggestReply | null;
    // The grid and the result appear together, from the cells the suggestion stored.
    await loadWorkbench(Number(version!.id));
    setSuggestion(data);
    toast.success(t('alloc.suggested', { suggested: data?.totals.suggested ?? 0, unplaced: data?.totals.unplaced ?? 0 }));
    void loadVersions();
  };

  const transition = async (action: 'publish' | 'archive') => {
    setConfirm(null);
    if (action === 'publish' && !(await saveEdits(true))) return;
    const reply = await act(action);
    if (!reply) return;
    toast.success(t(action === 'publish' ? 'alloc.published' : 'alloc.archived'));
    await loadWorkbench(Number(version!.id));
    void loadVersions();
  };

  const openDialog = (kind: 'create' | 'copy') => {
    setFormErrors({});
    setForm(kind === 'copy' && version ? { version_code: `${String(version.version_code)}-C`, name: String(version.name ?? ''), month_from: '', month_to: '' } : { version_code: '', name: '', month_from: cycles[0] ?? '', month_to: cycles[cycles.length - 1] ?? '' });
    setDialog(kind);
  };

  /**
   * The dialog's fields checked in the browser as a drawer checks its form (issue 21): the version
   * entity's own rules and its month-range check, each message on its field, before any call.
   */
  const dialogErrors = (): Record<string, string> => {
    const entity = getEntity('allocationversion');
    const keys = dialog === 'copy' ? ['version_code', 'name'] : ['version_code', 'name', 'month_from', 'month_to'];
    const out: Record<string, string> = {};
    for (const key of keys) {
      const field = entity?.fields.find((f) => f.key === key);
      const r = field ? validateField(field, form[key as keyof typeof form]) : null;
      if (r?.error) out[key] = t(r.error.key, r.error.params);
    }
    for (const check of dialog === 'create' ? (entity?.checks ?? []) : []) {
      for (const [k, key] of Object.entries(check(form))) if (!out[k]) out[k] = t(key);
    }
    return out;
  };

  const submitDialog = async () => {
    const errors = dialogErrors();
    setFormErrors(errors);
    if (Object.keys(errors).length) {
      toast.error(t('form.correctErrors'));
      return;
    }
    setBusy(true);
    try {
      if (dialog === 'copy' && version) {
        const reply = (await VERSIONS.action('copy', [Number(version.id)], { version_code: form.version_code, name: form.name }, Number(version.version))) as ActionReply;
        const id = Number((reply.data?.[0] as { id?: number } | null)?.id);
        toast.success(String((reply.data?.[0] as { message?: string } | null)?.message ?? t('engine.actionDone')));
        setDialog(null);
        await loadVersions();
        if (id) pick(id);
      } else {
        const saved = await VERSIONS.save({ version_code: form.version_code, name: form.name, month_from: form.month_from, month_to: form.month_to });
        toast.success(t('msg.saved'));
        setDialog(null);
        await loadVersions();
        pick(Number(saved.id));
      }
    } catch (e) {
      const errors = (e as { errors?: Record<string, string | string[]> | null }).errors;
      if (errors) setFormErrors(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, Array.isArray(v) ? v.join(' ') : v])));
    } finally {
      setBusy(false);
    }
  };

  const lineById = useMemo(() => new Map((state?.data.lines ?? []).map((l) => [l.id, l])), [state]);
  const vendorById = useMemo(() => new Map(vendors.map((v) => [v.id, v])), [vendors]);
  const transitionConfirm = (a: 'publish' | 'archive') => {
    const tr = transitions.find((x) => x.action === a);
    return tr?.confirm ? (en ? tr.confirm.en : tr.confirm.zh) : '';
  };
  const byStatus = (st: string) => (versions ?? []).filter((v) => v.status === st);
  // The version's demand lines in the engine's list, filtered by the version (spec 2 sub-index page).
  const demandLink = `/page/subindex/demand?version_id=${String(version?.id ?? '')}`;

  // The grid element is kept across the page's re-renders (every edit re-renders the totals and the
  // heatmap); the grid refreshes its own cells from the ledger.
  const lines = state?.data.lines;
  const gridElement = useMemo(
    () =>
      lines ? (
        <AgGridReact<GridRow>
          theme={gridTheme}
          rowData={lines}
          columnDefs={sheetKeys.withClasses(columnDefs)}
          {...sheetKeys.gridProps}
          pinnedBottomRowData={pinnedRows}
          getRowId={gridCallbacks.getRowId}
          defaultColDef={gridCallbacks.defaultColDef}
          isExternalFilterPresent={gridCallbacks.isExternalFilterPresent}
          doesExternalFilterPass={gridCallbacks.doesExternalFilterPass}
          onGridReady={gridCallbacks.onGridReady}
          onCellValueChanged={onCellValueChanged}
          enterNavigatesVerticallyAfterEdit
          stopEditingWhenCellsLoseFocus
          localeText={localeText}
          tooltipShowDelay={300}
        />
      ) : null,
    [lines, columnDefs, pinnedRows, gridCallbacks, onCellValueChanged, localeText, sheetKeys],
  );

  return (
    <div className={s.page} data-testid="allocation-workbench">
      <style>{CELL_CSS + SPREADSHEET_CSS}</style>
      <div className={s.head}>
        <Title3 as="h1">{t('alloc.title')}</Title3>
        <Field orientation="horizontal" label={t('alloc.version')}>
          <Select value={versionId ? String(versionId) : ''} onChange={(_, d) => pick(Number(d.value) || null)} data-testid="version-picker" style={{ minWidth: 260 }}>
            {!versionId && <option value="">{t('alloc.pickVersion')}</option>}
            {(['draft', 'published', 'archived'] as const).map((st) =>
              byStatus(st).length ? (
                <optgroup key={st} label={t(`alloc.status.${st}`)}>
                  {byStatus(st).map((v) => (
                    <option key={String(v.id)} value={String(v.id)}>
                      {String(v.version_code)} {v.name ? `· ${String(v.name)}` : ''} ({String(v.month_from)} ~ {String(v.month_to)})
                    </option>
                  ))}
                </optgroup>
              ) : null,
            )}
          </Select>
        </Field>
        {version && (
          <Badge appearance="tint" color={statusColour[String(version.status)] ?? 'informative'} data-testid="version-status">
            {t(`alloc.status.${String(version.status)}`)}
          </Badge>
        )}
      </div>
      <div className={s.bar}>
        <div className={s.toolbar}>
        <OverflowToolbar label={t('alloc.title')} testId="workbench-toolbar">
          <ToolbarButton icon={<AddRegular />} onClick={() => openDialog('create')} data-testid="version-create">{t('alloc.create')}</ToolbarButton>
          <ToolbarButton icon={<CopyRegular />} disabled={!version || busy} onClick={() => openDialog('copy')} data-testid="version-copy">{t('alloc.copy')}</ToolbarButton>
          <ToolbarDivider />
          <ToolbarButton appearance="primary" icon={<LightbulbFilamentRegular />} disabled={!draft || busy || !state?.data.lines.length} onClick={() => void suggest()} data-testid="suggest">
            {t('alloc.suggest')}
          </ToolbarButton>
          <ToolbarButton icon={<SaveRegular />} disabled={!draft || busy || !totals?.pending} onClick={() => void saveEdits()} data-testid="save-cells">
            {t('alloc.save', { count: totals?.pending ?? 0 })}
          </ToolbarButton>
          <ToolbarDivider />
          <ToolbarButton icon={<SendRegular />} disabled={!draft || busy} onClick={() => setConfirm('publish')} data-testid="version-publish">{t('alloc.publish')}</ToolbarButton>
          <ToolbarButton icon={<ArchiveRegular />} disabled={!version || version.status === 'archived' || busy} onClick={() => setConfirm('archive')} data-testid="version-archive">{t('alloc.archive')}</ToolbarButton>
          <ToolbarDivider />
          {version && (
            <Link to={demandLink}>
              <ToolbarButton icon={<TableRegular />}>{t('alloc.demandLines')}</ToolbarButton>
            </Link>
          )}
          {version && demandPage && (
            // Issue 10: the workbench offers Excel like every list: export the demand lines of the
            // version shown, import demand lines through the import centre (the writer refuses lines
            // of a published version, as the form does).
            <ListExcelActions resolved={demandPage} listQuery={() => demandQuery(Number(version.id))} visibleColumns={() => demandPage.columns.map((c) => c.field)} />
          )}
          <ToolbarButton icon={<ArrowClockwiseRegular />} aria-label={t('engine.refresh')} disabled={!version || busy} onClick={() => (totals?.pending ? setConfirm('discard') : version && void loadWorkbench(Number(version.id)))} />
        </OverflowToolbar>
        </div>
        <span style={{ flex: 1 }} />
        {busy && <Spinner size="tiny" />}
        {totals && (
          <div className={s.stats} data-testid="workbench-totals">
            <span>{t('alloc.sum.demand')} <span className={s.stat} data-testid="total-demand">{totals.demand.toLocaleString()}</span></span>
            <span>{t('alloc.sum.allocated')} <span className={s.stat} data-testid="total-allocated">{totals.allocated.toLocaleString()}</span></span>
            <span>{t('alloc.sum.unallocated')} <span className={totals.unallocated ? s.warn : s.stat} data-testid="total-unallocated">{totals.unallocated.toLocaleString()}</span></span>
            {totals.overAllocated > 0 && <span>{t('alloc.sum.overAllocated')} <span className={s.bad}>{totals.overAllocated.toLocaleString()}</span></span>}
            <span>{t('alloc.sum.overCapacity')} <span className={totals.overCapacity ? s.bad : s.stat} data-testid="total-overcapacity">{totals.overCapacity}</span></span>
          </div>
        )}
      </div>
      {version && !draft && (
        <MessageBar intent="info" data-testid="readonly-notice">
          <MessageBarBody>{t(version.status === 'published' ? 'alloc.readOnlyPublished' : 'alloc.readOnlyArchived')}</MessageBarBody>
        </MessageBar>
      )}
      {suggestion && (
        <MessageBar intent={suggestion.unplaced.length ? 'warning' : 'success'} data-testid="suggest-result">
          <MessageBarBody>
            <div>{t('alloc.suggestResult', { demand: suggestion.totals.demand.toLocaleString(), kept: suggestion.totals.kept.toLocaleString(), suggested: suggestion.totals.suggested.toLocaleString(), unplaced: suggestion.totals.unplaced.toLocaleString() })}</div>
            {suggestion.unplaced.length > 0 && (
              <details>
                <summary>{t('alloc.unplacedList', { count: suggestion.unplaced.length })}</summary>
                <table className={s.unplaced} data-testid="unplaced-list">
                  <thead>
                    <tr>
                      <th align="left">{t('alloc.col.month')}</th>
                      <th align="left">{t('alloc.col.category')}</th>
                      <th align="left">{t('alloc.col.sku')}</th>
                      <th align="right">{t('alloc.col.unplacedQty')}</th>
                      <th align="left">{t('alloc.col.reason')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {suggestion.unplaced.map((u) => {
                      const l = lineById.get(u.lineId);
                      return (
                        <tr key={`${u.lineId}-${u.reason}`}>
                          <td>{l?.month}</td>
                          <td>{l ? (categories.get(l.category) ?? l.category) : ''}</td>
                          <td>{l?.plan_sku}</td>
                          <td align="right">{u.qty.toLocaleString()}</td>
                          <td>{u.message}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </details>
            )}
            {suggestion.overCapacity.length > 0 && (
              <div>{t('alloc.keptOver', { list: suggestion.overCapacity.map((o) => `${vendorById.get(o.vendorId)?.code ?? o.vendorId} ${o.cycle} ${o.load}/${o.capacity}`).join('; ') })}</div>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      {versions === null || loading ? (
        <Spinner label={t('engine.loading')} data-testid="workbench-loading" />
      ) : versions.length === 0 ? (
        <div className={s.empty} data-testid="workbench-empty">
          <Text size={500}>{t('alloc.noVersions')}</Text>
          <Button appearance="primary" icon={<AddRegular />} onClick={() => openDialog('create')}>{t('alloc.create')}</Button>
        </div>
      ) : !state ? (
        <div className={s.empty}>
          <Text>{t('alloc.pickVersion')}</Text>
        </div>
      ) : state.data.lines.length === 0 ? (
        <div className={s.empty} data-testid="workbench-no-lines">
          <Text size={500}>{t('alloc.noLines')}</Text>
          <Text>{t('alloc.createHint')}</Text>
          <Link to={demandLink}>
            <Button icon={<TableRegular />}>{t('alloc.demandLines')}</Button>
          </Link>
        </div>
      ) : (
        <>
          <TabList size="small" selectedValue={cycleTab} onTabSelect={(_, d) => setCycleTab(String(d.value))}>
            <Tab value="all">{t('alloc.allMonths')}</Tab>
            {cycles.map((c) => (
              <Tab key={c} value={c} data-testid={`cycle-${c}`}>{c}</Tab>
            ))}
          </TabList>
          <SplitPane id="alloc-heatmap" sized="end" defaultSize={320} min={220} maxShare={0.55} otherMin={420} label={t('alloc.heatmapWidth')} className={s.main}>
            <div className={s.grid} data-testid="workbench-grid" {...sheetKeys.containerProps}>
              {gridElement}
            </div>
            <aside className={s.side}>
              <div className={s.sideHead}>
                <Text weight="semibold">{t('alloc.heatmap')}</Text>
                <Text size={200}>{t('alloc.heatmapHint')}</Text>
              </div>
              <div className={s.sideBody}>
                <CapacityHeatmap key={String(version?.id ?? '')} vendors={heatVendors} cycles={cycles} cells={cells} revision={revision} language={language} />
              </div>
            </aside>
          </SplitPane>
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        text={confirm === 'discard' ? t('alloc.discard', { count: totals?.pending ?? 0 }) : confirm ? transitionConfirm(confirm) : ''}
        onConfirm={() => {
          if (confirm === 'discard') {
            setConfirm(null);
            unsaved.discard();
            if (version) void loadWorkbench(Number(version.id));
          } else if (confirm) void transition(confirm);
        }}
        onCancel={() => setConfirm(null)}
      />
      {unsaved.dialog}
      <Dialog open={dialog !== null} onOpenChange={(_, d) => !d.open && setDialog(null)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{dialog === 'copy' ? t('alloc.copyTitle', { code: String(version?.version_code ?? '') }) : t('alloc.createTitle')}</DialogTitle>
            <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
              <Field label={t('alloc.field.code')} required validationMessage={formErrors.version_code} validationState={formErrors.version_code ? 'error' : 'none'}>
                <Input value={form.version_code} onChange={(_, d) => setForm((f) => ({ ...f, version_code: d.value.toUpperCase() }))} data-testid="dialog-code" />
              </Field>
              <Field label={t('alloc.field.name')} validationMessage={formErrors.name} validationState={formErrors.name ? 'error' : 'none'}>
                <Input value={form.name} onChange={(_, d) => setForm((f) => ({ ...f, name: d.value }))} data-testid="dialog-name" />
              </Field>
              {dialog === 'create' && (
                <>
                  <Field label={t('alloc.field.from')} required validationMessage={formErrors.month_from} validationState={formErrors.month_from ? 'error' : 'none'}>
                    <DateText kind="month" value={form.month_from} onChange={(v) => setForm((f) => ({ ...f, month_from: v }))} testId="dialog-from" />
                  </Field>
                  <Field label={t('alloc.field.to')} required validationMessage={formErrors.month_to} validationState={formErrors.month_to ? 'error' : 'none'}>
                    <DateText kind="month" value={form.month_to} onChange={(v) => setForm((f) => ({ ...f, month_to: v }))} testId="dialog-to" />
                  </Field>
                  <Text size={200}>{t('alloc.createHint')}</Text>
                </>
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDialog(null)}>{t('engine.cancel')}</Button>
              <Button appearance="primary" disabled={busy} onClick={() => void submitDialog()} data-testid="dialog-ok">{t('engine.confirm')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
