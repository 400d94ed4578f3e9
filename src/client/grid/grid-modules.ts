import {
  CellStyleModule,
  CheckboxEditorModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  CustomFilterModule,
  DateEditorModule,
  DateFilterModule,
  EventApiModule,
  ExternalFilterModule,
  InfiniteRowModelModule,
  LocaleModule,
  ModuleRegistry,
  NumberFilterModule,
  PinnedRowModule,
  RenderApiModule,
  CellApiModule,
  RowApiModule,
  RowSelectionModule,
  RowStyleModule,
  ScrollApiModule,
  SelectEditorModule,
  TextEditorModule,
  TextFilterModule,
  TooltipModule,
  UndoRedoEditModule,
} from 'ag-grid-community';

/**
 * The AG Grid Community features the product's grids use, registered once for every grid (the
 * registry lists, child grids, the import errors, the allocation workbench). Registering only
 * these instead of all of Community keeps the grid chunk that every list page loads smaller.
 * A grid that starts using another feature (a grid option, column property, editor, filter or
 * api call) needs its module here: without it AG Grid logs error #200 naming the module.
 *
 * What each serves:
 * - row models: infinite (registry lists, import errors: the server pages) and client-side
 *   (child grids, workbench);
 * - filters: text / number / date column filters with floating filters, our own set filter
 *   (a custom filter component), the workbench's month filter (external filter);
 * - editors: text, date string, select and checkbox cells (child grids, workbench), undo / redo
 *   of cell edits (workbench);
 * - row selection with checkboxes, pinned bottom rows (workbench totals), cell class rules,
 *   cell and header tooltips, the grid's words in the interface language (localeText);
 * - api: column state (saved layouts, column chooser, reset), refreshCells, ensureIndexVisible,
 *   and column auto-size (double click on a header's resize edge).
 */
ModuleRegistry.registerModules([
  InfiniteRowModelModule,
  ClientSideRowModelModule,
  TextFilterModule,
  NumberFilterModule,
  DateFilterModule,
  CustomFilterModule,
  ExternalFilterModule,
  TextEditorModule,
  DateEditorModule,
  SelectEditorModule,
  CheckboxEditorModule,
  UndoRedoEditModule,
  RowSelectionModule,
  PinnedRowModule,
  CellStyleModule,
  TooltipModule,
  LocaleModule,
  ColumnApiModule,
  RenderApiModule,
  ScrollApiModule,
  ColumnAutoSizeModule,
  // Spreadsheet keys (useSpreadsheetKeys): displayed rows and cell values by position.
  RowApiModule,
  CellApiModule,
  // A paste past a child grid's last line adds lines, its undo removes them (applyTransaction).
  ClientSideRowModelApiModule,
  // Saved list views (engine/use-list-views.ts): a view follows the grid's sort, filter and column changes.
  EventApiModule,
  // Row tones of a child grid (`getRowClass`, grid/row-tone.ts: a statement's open, explained and adjustment lines).
  RowStyleModule,
]);
