import type { Call } from './calls/call';
import type { FormWidget } from './field-types';
import { getEntity, type ChildMatrix, type Label, type StateMachineDef } from './entity';
import { defineHelp } from './help';
import { addMenuEntry, type CompanyType } from './menus';
import type { Validation } from './rules';

/**
 * Form configuration in exactly the spec's shape (spec 3 "Form configuration"): a form is a list of
 * sections, each with a modelName and a form of fields. Page declarations in grids/ write only what
 * differs from the entity (a field key plus overrides); `resolvePage` (page-resolve.ts) fills label,
 * type, validations and options from the entity so nothing is declared twice.
 */
export type CalcItem = {
  targetFieldIdx: string;
  type?: 'TEXT' | 'NUMBER';
  /** Decimals, default 4 (spec 9). */
  fixed?: number;
  /** Arithmetic over field keys, e.g. `qty * price`; evaluated by the safe evaluator. */
  expression?: string;
  /** Condition (safe expression) under which the item applies. */
  calcCondition?: string;
  /** Copies another field's value as is. */
  directField?: string;
  /** Date arithmetic: target = date field + or - days field (or number). */
  addToDate?: { dateField: string; days: string | number };
  subtractFromDate?: { dateField: string; days: string | number };
  /** Clears the target when the condition does not hold. */
  clearValue?: boolean;
};

export type VisibilityCondition = {
  /** All listed role codes are needed (spec 6). */
  dashrolesLimits?: string[];
  /** Other fields' values that must hold: { status: ['draft'] }. */
  relatedStateFields?: Record<string, Array<string | number | boolean | null>>;
  /** Route actions (add, edit, view, copy) in which the condition holds. */
  routeactionin?: string[];
  /** A safe expression over `form` values and `session` state. */
  selfFormExpression?: string;
};

export type FormOption = { value: string; label: string; labelEn?: string; image?: string; children?: FormOption[] };

/**
 * A picker's rows from a declared call (src/model/calls) instead of an entity's list: rows the
 * generic list cannot give (a company's documents with whether they are shared, the people of a
 * document's two companies). `input` is the call's input, each value a literal or `$<field>` (that
 * field's value in the form: the picker offers nothing while it is empty; the field it follows clears
 * the choice by its `clearFormFields`); `search` names the input field that carries what is typed. The
 * option shows `labelField` (the value is `optionConfig.valueField`, else `id`), `codeField` before
 * it and `detailField` after it.
 *
 * Example: `optionsCall: { call: ticketCalls.people, input: { doc_type: '$doc_type', doc_id: '$doc_id' }, labelField: 'fullname', detailField: 'company' }`.
 */
export type OptionsCall = {
  call: Call<Record<string, unknown>, { rows: ReadonlyArray<Record<string, unknown>> }>;
  input?: Record<string, string>;
  search?: string;
  /**
   * The input field that asks the call for the rows of given values (their ids joined by commas): a
   * multiple pick names the chosen values it has not listed (a saved record's people) by their label
   * without a search.
   */
  chosen?: string;
  labelField: string;
  codeField?: string;
  detailField?: string;
};

export type FormFieldConfig = {
  field: string;
  /** Resolved from the entity when omitted. */
  label?: string;
  labelEn?: string;
  value?: unknown;
  type?: FormWidget;
  inputType?: 'date' | 'month' | 'text' | 'number' | 'password';
  validations?: Validation[];
  error?: { hasError: boolean; errorMsg: string; noTranslate?: boolean };
  defaultValue?: unknown;
  defaultfield?: string;
  displayfield?: string;
  defaultdisplayfield?: string;
  displayAvatarfield?: string;
  isMulti?: boolean;
  options?: FormOption[];
  optionConfig?: { valueField: string; labelField: string };
  /** Where a dropdowntable, autocomplete or treeselect loads its rows: an entity name. */
  source?: { entity: string; filter?: Record<string, unknown> };
  /** A dropdowntable's rows from a declared call instead (see OptionsCall). */
  optionsCall?: OptionsCall;
  matinTableConfig?: {
    tableConfig: {
      valueField: string;
      labelField: string;
      target?: string;
      selection?: 'single' | 'multiple';
      selected?: unknown[];
      /** Matrix input: rows, columns and the cell field (colour x size). */
      rowField?: string;
      colField?: string;
      cellField?: string;
      columns?: Array<{ field: string; label: string; labelEn?: string; type?: 'text' | 'number' }>;
      /** The declared columns are all there are: the filler adds rows (colours), not columns (a designed form's sizes). */
      fixedColumns?: boolean;
    };
  };
  treeConfig?: { nodeConfig: { idField: string; labelField: string }; target?: string; isMulti?: boolean };
  formatExp?: string;
  upperCase?: boolean;
  lowerCase?: boolean;
  trim?: boolean;
  isNotPost?: boolean;
  disable?: boolean | VisibilityCondition;
  visible?: boolean | VisibilityCondition;
  spanClass?: string;
  disableupload?: boolean;
  splitFields?: string[];
  cascadeTargetField?: string;
  isNotInitLoaded?: boolean;
  clearFormFields?: Array<{ condition?: string; fields: string[] }>;
  calcConfig?: CalcItem[];
  cutIndexRange?: [number, number];
  helpConfig?: { targetFields: Array<{ target: string }>; text?: string; textEn?: string };
  readonly?: boolean;
  /**
   * In a form viewing a stored record, the value drawn as a link to the address another field of the
   * record holds, where it holds one (a ticket's document number opening the document as the caller's
   * company holds it: `{ field: 'doc_no', linkField: 'link' }`); test id `field-link-<field>`.
   */
  linkField?: string;
};

/**
 * A form field as a page declares it: the spec 3 shape without the string flags, which live on the
 * entity's field (upperCase, lowerCase) so that every form, the save API and the import apply them.
 */
export type FormFieldDecl = Omit<FormFieldConfig, 'upperCase' | 'lowerCase'>;

export type FormSection = { modelName: string; title?: Label; form: FormFieldDecl[] };

export type ColumnDecl = string | { field: string; width?: number; pinned?: 'left' | 'right'; hide?: boolean; aggregate?: 'sum' | 'avg' };

export type StatusTab = { key: string; label: Label; filter: Record<string, unknown> };

export type ToolbarAction =
  | { kind: 'create' | 'edit' | 'remove' | 'export' | 'import' | 'history' | 'view' }
  | { kind: 'transition'; action: string };

export type PageKind = 'index' | 'page' | 'masterdetail' | 'ecindex' | 'ectabindex' | 'dsrptindex' | 'document' | 'subindex' | 'view';

/**
 * A child grid of a master-detail page; `matrix` (or the child collection's own) shows its lines as matrices.
 * A grid over a line entity (`EntityDef.lineOf`) may run the line's own transitions from its rows,
 * each at the line's version, whatever the form's mode (the server decides, as for `LineActions`):
 * `lineActions` the transitions drawn as buttons in a last column (操作), `lineCells` a column whose
 * cell edits the parameter of the same key of a transition (the node's actual date typed in its
 * cell runs `actual`), or, for an editable view's lines, `'save'`: the line saved with that field.
 * Example: `{ child: 'nodes', columns: [...], editable: false, lineActions: ['plan', 'recall'], lineCells: { actual_date: 'actual' } }`.
 */
export type ChildGridDecl = { child: string; columns: ColumnDecl[]; editable?: boolean; matrix?: ChildMatrix; rowTone?: RowTone[]; lineActions?: string[]; lineCells?: Record<string, string>; timeline?: LineTimelineDecl };

/**
 * A child grid's lines also drawn as a timeline under it (a Gantt of the record's dated lines, drawn
 * by src/client/grid/LineTimeline.tsx), each key a field of the line: per line its bar from the end
 * of the day `start` to the end of the day `end`, its `actual` date as a diamond, where an open line
 * is now expected to end (`projected`, where it differs from `end`) as a dashed bar of the same
 * length; `emphasis` (a boolean) outlines a line and bolds its name (a critical path); `state` (a
 * dictionary whose items carry `extra.colour`) colours the bars, with a legend; `marker` a date of
 * the record drawn across (a delivery date), beside today's line. `key` names each row
 * (`timeline-row-<key>`). `drag`: a line transition with a date parameter named as `end`, run with
 * the day an open line's bar is dragged to (where the transition is open to the line).
 * Example: `timeline: { key: 'node_code', label: 'node_name', start: 'plan_start', end: 'plan_date', actual: 'actual_date', drag: 'plan' }`.
 */
export type LineTimelineDecl = {
  key: string;
  label: string;
  start: string;
  end: string;
  actual?: string;
  projected?: string;
  emphasis?: string;
  state?: string;
  marker?: { field: string; label: Label };
  drag?: string;
};

/**
 * A line's colour by a condition on it (an expression over the line's fields): the first rule that
 * holds gives the row its tone (`danger` red, `warning` amber, `info` blue, `success` green).
 * Example: `{ when: "kind == 'adjustment'", tone: 'info' }`.
 */
export type RowTone = { when: string; tone: 'danger' | 'warning' | 'info' | 'success' };

/**
 * Where a page sits in the shell's menus: the group's code, its place among the group's entries
 * (ascending), the entry's code when it differs from the page's menu code (codes are unique within
 * a group), the roles that see it (none: every member) and the kinds of company it is for (none: its
 * group's); `superOnly`: shown to the super administrator alone (a platform screen).
 */
export type PageMenu = { group: string; order: number; code?: string; roles?: string[]; companies?: readonly CompanyType[]; superOnly?: boolean };

/**
 * A command of a stored record in its drawer's footer, beside the record's own actions (drawn by
 * src/client/engine/record-commands-extension.tsx; test id `command-<key>`), shown while `when` (an
 * expression over the record) holds:
 * - `run`: another registry entity's action on the record's id (a view over that entity's table: a
 *   tracked order is its customer order), asked first with `confirm` (`{{field}}` filled from the
 *   record); then `done` is said (`{{field}}` filled from the reply's first data row), else the
 *   reply's `message`, else 操作成功, and the record is read again;
 * - `export`: the list export of an entity or view narrowed by list filters taken from the record's
 *   fields (`{ 'order_no.eq': 'order_no' }`: `f.order_no.eq=<the record's order_no>`), in `sort`.
 * Example: `{ key: 'regenerate', label, run: { entity: 'customerorder', action: 'nodeplan' }, when: "status == 'in_progress'", confirm }`.
 */
export type RecordCommandDecl = { key: string; label: Label; when?: string; confirm?: Label; done?: Label } & (
  | { run: { entity: string; action: string }; export?: never }
  | { export: { entity: string; filters: Record<string, string>; sort?: string }; run?: never }
);

export type PageDef = {
  /** Unique page key, the `{opt}` of its routes. */
  opt: string;
  /** The `{cata}` of its route (module folder), e.g. 'md', 'admin', 'scm'. */
  cata: string;
  kind: PageKind;
  entity: string;
  title: Label;
  /** The menu code permissions bind to: the entity's unless the page says otherwise. */
  menuCode: string;
  /** What the list is for, said by its empty state (issue 21); a generic sentence otherwise. */
  purpose?: Label;
  /** The page's help document in markdown (spec 8: the shell's help button shows it, or says there is none). */
  help?: Label;
  /** The menu entry the page adds to a group (groups are declared in grids/<module>/menu.ts). */
  menu?: PageMenu;
  columns: ColumnDecl[];
  statusTabs?: StatusTab[];
  actions?: ToolbarAction[];
  /** Quick search fields (default: code and title fields). */
  quickSearch?: string[];
  form: FormSection[];
  children?: ChildGridDecl[];
  /** Commands of a stored record in its drawer's footer (RecordCommandDecl). */
  commands?: RecordCommandDecl[];
  /**
   * The record as a document: printed (`/page/document/{opt}?id=`) and as a workbook
   * (`GET /api/{prefix}/{entity}/workbook?id=`). `fields`: its header, by key among the form's fields
   * (default: the form's posted fields); `signatures`: a line under it per party.
   */
  document?: { fields?: string[]; signatures?: Label[] };
  /**
   * Where a row opens (double click, Enter) instead of the form drawer: an address of the browser
   * with `{field}` filled from the row (`/approvals/forms/{code}`: a form opens its filled records).
   */
  opens?: string;
  /**
   * The address's parameter that opens a row's drawer besides `?open=<id>`, for links made before
   * the page was a list (node tracking's notices and calendar: `?order=<id>`).
   */
  openParam?: string;
  /**
   * Addresses a stored record's drawer offers as buttons in its footer, `{field}` filled from the
   * record as in `opens` (a dynamic form's designer, a scenario's records); test id `link-<key>`.
   */
  links?: Array<{ key: string; label: Label; to: string }>;
  /**
   * The list's rows as cut-out labels, printed at `/page/labels/{opt}` with the list's filters in the
   * address (`?f.plan_id.eq=12`): each row's `barcode` field as a Code 128 barcode with its text under
   * it, then its `fields` as "label value" (a reference by its label). Example: a plan's bundle tickets.
   */
  labels?: { barcode: string; fields: string[] };
  /**
   * A value a save's reply, or a transition's reply data, carries this once and nothing reads again (a
   * new API key, of which the server keeps a digest only; a push endpoint's new signing secret): the
   * list shows it in a dialog of its own, read-only with a copy button, until the user closes it.
   * `field` is the reply's key; `title`, `explain` its words.
   * Example: `secretOnce: { field: 'secret', title: { zh: '请立即复制密钥', en: 'Copy the key now' }, explain: {...} }`.
   */
  secretOnce?: { field: string; title: Label; explain: Label };
};

/** The address a row of a page declaring `opens` goes to: each `{field}` replaced by the row's value, URI-encoded. */
export function openedAddress(template: string, row: Record<string, unknown>): string {
  return template.replace(/\{([a-z_][a-z0-9_]*)\}/g, (_, key: string) => encodeURIComponent(String(row[key] ?? '')));
}

/** What a list page offers when its declaration names no actions: the whole generic toolbar. */
export const DEFAULT_PAGE_ACTIONS: readonly ToolbarAction[] = [{ kind: 'create' }, { kind: 'edit' }, { kind: 'remove' }, { kind: 'import' }, { kind: 'export' }, { kind: 'history' }];

/** A page's toolbar actions, declared or by default. */
export function pageActions(page: Pick<PageDef, 'actions'>): readonly ToolbarAction[] {
  return page.actions ?? DEFAULT_PAGE_ACTIONS;
}

/** Whether a page offers a generic action (an entity is imported only where one of its pages offers import). */
export function pageOffers(page: Pick<PageDef, 'actions'>, kind: ToolbarAction['kind']): boolean {
  return pageActions(page).some((a) => a.kind === kind);
}

const PAGES = new Map<string, PageDef>();

/** A page as declared: the menu code may be left to the entity. */
export type PageDecl = Omit<PageDef, 'menuCode'> & { menuCode?: string };

/**
 * Declares a page (list, master-detail, document) of an entity. The key is `opt`. Its entity must be
 * registered first (grids/ import src/model, which registers every entity).
 *
 * Example:
 * ```ts
 * definePage({ opt: 'vendor', cata: 'md', kind: 'index', entity: 'vendor', title, menu: { group: 'masterdata', order: 20 }, columns, form });
 * ```
 */
export function definePage(decl: PageDecl): PageDef {
  if (PAGES.has(decl.opt)) throw new Error(`page "${decl.opt}" is declared twice`);
  const menuCode = decl.menuCode ?? getEntity(decl.entity)?.menuCode;
  if (!menuCode) throw new Error(`page ${decl.opt}: entity "${decl.entity}" is not registered and the page names no menuCode`);
  const def: PageDef = { ...decl, menuCode };
  PAGES.set(def.opt, def);
  if (def.help) defineHelp(pageRoute(def), { title: def.title, body: def.help });
  if (def.menu) addMenuEntry(def.menu.group, { code: def.menu.code ?? menuCode, furl: pageRoute(def), title: def.title, roles: def.menu.roles, order: def.menu.order, ...(def.menu.companies ? { companies: def.menu.companies } : {}), ...(def.menu.superOnly ? { superOnly: true } : {}) });
  return def;
}

export function getPage(opt: string): PageDef | undefined {
  return PAGES.get(opt);
}

export function allPages(): PageDef[] {
  return [...PAGES.values()];
}

/** Route of a page as spec section 2 shapes it. */
export function pageRoute(page: PageDef): string {
  return `/${page.cata}/${page.kind}/${page.opt}`;
}

/** The "all" tab every state-tabbed list starts with. */
export const ALL_TAB: StatusTab = { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} };

/**
 * Status tabs derived from an entity's state machine (STYLE habit 1: a state's label is declared once,
 * in its entity): the "all" tab, then one tab per state, in the declared order.
 *
 * Example: `statusTabs: stateTabs(partnerStates)` gives all / active / frozen.
 */
export function stateTabs(states: StateMachineDef, options: { all?: boolean } = {}): StatusTab[] {
  const tabs = states.states.map((st) => ({ key: st.code, label: st.label, filter: { [states.field]: st.code } }));
  return options.all === false ? tabs : [ALL_TAB, ...tabs];
}
