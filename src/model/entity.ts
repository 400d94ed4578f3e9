import { defineDictionary } from './dictionaries';
import { entriesError, itemsError } from './entries';
import { registerCatalogPart, type CatalogPart } from './i18n';
import type { FieldType } from './field-types';
import { FIELD_TYPE_TABLE } from './field-types';
import type { RuleType } from './rules';
import type { ErrorKeyOf } from './errors';

/** A label in both interface languages (spec: zh-CN default, en optional). */
export type Label = { zh: string; en: string };

/** Default-value tokens of spec 7 (see default-tokens.ts). */
export type DefaultToken =
  | '$$NOW$$'
  | '$$NOW_TIME$$'
  | '$$MONTH$$'
  | '$$MONTH_FIRST$$'
  | '$$MONTH_LAST$$'
  | '$$WEEK_FIRST$$'
  | '$$WEEK_LAST$$'
  | '$$USER_ID$$'
  | '$$FULL_NAME$$'
  | '$$CLIENT_ID$$';

export type FieldDef = {
  key: string;
  label: Label;
  type: FieldType;
  required?: boolean;
  /**
   * A catalogue key said when a required field is left empty, in place of the general "required"
   * (a decision's comment: `wf.commentRequired`, 驳回或退回需要填写意见).
   */
  requiredMessage?: string;
  /** Rules from the catalogue of spec 5, run in order; the last failing one's message is shown. */
  rules?: RuleType[];
  /** Dictionary code (src/model/dictionaries.ts) for dict and multidict fields. */
  dict?: string;
  /** The entity a reference or tree field points at, and the field shown for it. */
  ref?: {
    entity: string;
    labelField: string;
    codeField?: string;
    /**
     * The target rows a value may name, as a list's filters by `<field>.<op>` (the address's
     * `f.<field>.<op>=<value>`): a picker offers only those, and a save or a transition naming
     * another is refused as an unknown reference. Example, the vendors on the platform:
     * `where: { 'platform_client_code.notnull': '1', 'status.ne': 'inactive' }`.
     */
    where?: Record<string, string>;
    /**
     * Fields of the target that hold this row's values, target field to own field: an allocation
     * cell's demand line is one of the cell's version, `match: { version_id: 'version_id' }`.
     * Checked for a save and for rows a service inserts with `checked` (src/server/resources/inserted-references.ts).
     */
    match?: Record<string, string>;
    /**
     * `'keep'`: the target may be removed while this field names it (the generic remove refuses a
     * record still referenced otherwise); the row keeps the id and its area says what a missing
     * target means (an alert on a removed designed tile is in error). `'remove'`: the row goes with
     * its target, removed by the writer (its own hooks run) just before the target is.
     */
    onTargetRemoved?: 'keep' | 'remove';
    /**
     * The row is a line of its target: written or removed only while the target is in none of its
     * `states.locked` states (a demand line of a published allocation version), refused with `message`
     * (an error of the conflict kind, 409) for a save, an import and a remove alike; with `onTargetRemoved: 'remove'`, the
     * line goes with its target (a declared save check, src/server/resources/held-lines.ts).
     * Example: `lockedWith: { message: 'scm.version.readOnly' }`.
     */
    lockedWith?: { message: ErrorKeyOf<'conflict'> };
    /**
     * The picker asks the target's rows by what is typed (the list's or options call's `q`, 50 at a
     * time) instead of listing its first 200: a company's people (`entity: 'user'`, whose options
     * every member may read). Drawn so in a transition's dialog.
     */
    searched?: true;
  };
  /** A literal default or a default-value token of spec 7. */
  default?: string | number | boolean | DefaultToken;
  /** Unique within the tenant (for example a code). */
  unique?: boolean;
  /**
   * Unique within the tenant among the records that hold the same values of these other fields
   * (empty equals empty): a node code once per category and order type. Checked for every write,
   * form and import alike (a declared save check, src/server/resources/save-hooks.ts); `message` is
   * the entity's message key, given every named field's value (empty as `*`) and this one's.
   */
  uniqueWith?: { fields: string[]; message?: string };
  /**
   * The value lies between two fields of the record a reference field of this entity names, both
   * included (a demand line's month within its version's months; empty bounds do not limit), else
   * `message`: checked for every write when the value has no error of its own (a declared save
   * check, src/server/resources/held-lines.ts). Example:
   * `within: { ref: 'version_id', from: 'month_from', to: 'month_to', message: 'scm.alloc.reason.cycle_out_of_range' }`.
   */
  within?: { ref: string; from: string; to: string; message: string };
  /**
   * A sum over the record's lines, kept by the writer (readonly): `sum` of the rows of `lines`
   * whose `via` names this record, recomputed after every write and remove of those lines and of
   * the record itself, whoever writes them (a save, an import, an action, a copy); with `less`,
   * each line counts its `sum` less the `less.sum` of the rows of `less.lines` whose `less.via`
   * names that line, never below 0. Derived values: no version change, no audit, as SQL
   * recomputes them (src/server/resources/declared-totals.ts). Example, a version's pieces not
   * placed yet: `total: { lines: 'demand', via: 'version_id', sum: 'plan_qty', less: { lines: 'allocationcell', via: 'demand_id', sum: 'qty' } }`.
   */
  total?: LineTotal;
  maxLength?: number;
  /** Spec 5 string flags, applied by every form, the save API and the import alike. */
  upperCase?: boolean;
  lowerCase?: boolean;
  trim?: boolean;
  /** false: a number shown without thousands separators (a year, a number that names something). */
  grouping?: boolean;
  /** Set by the server only (state, computed totals); never taken from a save body. */
  readonly?: boolean;
  /** Help text shown beside the field. */
  help?: Label;
  /**
   * A JSON field holding one small record per record of another entity, keyed by its id
   * (`{ "<vendorId>": { kpi: 90, shareMax: 0.3 } }`): edited as a keyed table, each entry's fields
   * validated like fields.
   */
  entries?: EntriesDef;
  /**
   * A JSON field holding a list of small records (`[{ value: 'a', label: '甲' }]`): edited inline as
   * one row of inputs per item (the form widget `recordlist`), each item's fields validated like
   * fields. Example: `items: { fields: [{ key: 'value', ... }, { key: 'label', ... }], add: { zh: '添加选项', en: 'Add option' } }`.
   */
  items?: ItemsDef;
  /**
   * A JSON field holding one record of declared fields, each checked at its path (a form's design:
   * `definition.sections[0].fields[2].key`) by `recordPathErrors` (src/model/item-paths.ts): its
   * lists (`items`, `values`) item by item, keys it does not declare left as they are. A save,
   * an import and the browser's check give the same errors at the same paths.
   */
  record?: ItemsDef;
  /**
   * A JSON list of plain values (a matrix's size columns, a field's role codes), each checked by
   * `item`; an error is said at the list's path (the list is one input). Checked inside a `record`.
   */
  values?: { item: FieldDef; max?: ListMax };
  /** A text's pattern, refused with its own message (a key: `/^[a-z][a-z0-9_]{0,39}$/`, 'dynform.badKey'). */
  pattern?: { test: RegExp; message: string };
  /** A whole number from `min` to `max`; any other value is refused with `message`. */
  range?: { min: number; max: number; message: string };
  /**
   * The values allowed (each of a list), `values` or else the field's closed dictionary; another is
   * refused with `message`, given the value under the field's key (不支持的字段类型“{{type}}”).
   */
  oneOf?: { values?: readonly string[]; message: string };
  /** Values refused with `message`, given the value under the field's key (a reserved key). */
  refused?: { values: readonly string[]; message: string };
  /**
   * Inside a `record`: what this field must hold by the value of another field of the same item (a
   * designed field's options by its type). `require`: by that value, the field must be given (and,
   * with `among`, be one of those), else the message; `refuse`: by that value, it must be left empty.
   * Example: `when: { field: 'type', require: { dict: 'dynform.optionsRequired' }, refuse: { text: 'dynform.optionsNotAllowed' } }`.
   */
  when?: { field: string; require?: Record<string, string | { message: string; among: readonly string[] }>; refuse?: Record<string, string> };
  /**
   * Inside a `record`: the value is used once in its list (`across`: once in every list of the same
   * declaration in the record, a field key across sections), else `message`, given the value under
   * the field's key and, when the list declares `titleField`, the first holder's title as `other`.
   */
  distinct?: { message: string; across?: true };
  /**
   * Why no form offers this writable field (a value kept by a service or a hook). Every other
   * writable field must appear in a form section of one of the entity's pages (tests/registry).
   */
  omitFromForm?: string;
};

/** A field's sum over the rows of another entity that name its record (FieldDef.total). */
export type LineTotal = { lines: string; via: string; sum: string; less?: { lines: string; via: string; sum: string } };

/** The entries of a keyed JSON field: the entity its keys are ids of, and the fields of each entry. */
export type EntriesDef = { key: { entity: string; labelField: string; codeField?: string }; fields: FieldDef[] };

/** The items of a JSON list field: the fields of each item, and the words of the button that adds one (default 添加一行). */
export type ItemsDef = {
  fields: FieldDef[];
  add?: Label;
  /** Inside a `record`: at most this many items, else `message` given `max`. */
  max?: ListMax;
  /** Inside a `record`: the message of an item that is not a record (else it is read as an empty one). */
  shape?: string;
  /** The field that names an item (a duplicate's message names the first holder by it). */
  titleField?: string;
};

/** A list's longest length and the message of a longer one (given `max`). */
export type ListMax = { count: number; message: string };

export type StateDef = {
  code: string;
  label: Label;
  color?: 'brand' | 'success' | 'warning' | 'danger' | 'informative' | 'subtle';
  /**
   * What a record in this state means for the person looking at it, shown above its form; a list
   * when it depends on the record (the first whose `when` holds is shown).
   */
  notice?: StateNotice | StateNotice[];
};

/**
 * A state's notice bar. `title` and `text` are UI catalogue keys, given `params` (parameter name ->
 * the record's field); `textField` shows a field's value as the text (a reject reason); `when` is an
 * expression on the record that must hold (`share_id`: only a copy another company sent).
 * Example: `{ intent: 'info', text: 'orders.notice.pending', params: { brand: 'brand_name' }, when: 'share_id' }`.
 */
export type StateNotice = {
  intent: 'info' | 'warning' | 'error' | 'success';
  title?: string;
  text?: string;
  textField?: string;
  params?: Record<string, string>;
  when?: string;
};

export type TransitionDef = {
  action: string;
  label: Label;
  from: string[];
  /** The state it lands in; omitted, the record keeps its state (an action such as cutting bundles). */
  to?: string;
  /** Role codes of which the user needs at least one (none = anyone who may edit). */
  roles?: string[];
  /** Fields the action takes from its body, such as a reject reason. */
  params?: FieldDef[];
  /**
   * The action makes a new record from this one (a version copied to a new draft): its parameters
   * are the new record's values, checked by their fields' rules, and are not stored on this record,
   * which keeps its state and version (an audit row under the action's name). The handler creates.
   */
  copies?: true;
  /**
   * What a copying transition writes when its handler is the engine's `copyRecord`
   * (src/server/resources/record-copy.ts): a new record of these `fields` of the one copied, the
   * parameters given over them (a new code and name), written as a save writes it; then `lines`, in
   * order, the rows of other entities that name the record copied by `via`, copied onto the new one
   * with their stored fields, a field naming an earlier line (`follow`: field -> that line's entity)
   * pointed at its copy; last `link`, the new record's reference to the one copied (audited `copy`).
   * Example: `copy: { fields: ['month_from'], link: 'copied_from', lines: [{ entity: 'demand', via: 'version_id' }] }`.
   * With `children`, the record's child collections (EntityDef.children) are copied inside the new
   * document itself, their writable fields, so the document's own rules see its lines (a process's nodes).
   */
  copy?: { fields: string[]; children?: true; link?: string; lines?: Array<{ entity: string; via: string; follow?: Record<string, string> }> };
  /** Asks before doing it (destructive or final steps). */
  confirm?: Label;
  /**
   * A condition on the record (an expression) for offering the action on a record's form; the server
   * still decides (e.g. `side == 'seller'`: only the seller records invoices).
   */
  when?: string;
  /**
   * What a parameter starts with in the dialog opened from a record: an expression on the record
   * (`settle_total - invoiced_total`) or a default-value token (`$$NOW$$`).
   */
  defaults?: Record<string, string>;
  /**
   * A boolean parameter the server may ask for instead of refusing: a refusal whose data says
   * `needsConfirm` is a question (the reply's message); the dialog asks it and, confirmed, sends the
   * action again with this parameter true. It is never drawn as an input.
   * Example: `ask: 'confirm_short'` (finishing a work order short of its ordered pieces).
   */
  ask?: string;
  /**
   * A line's transition (`lineOf`) that takes the line away once its handler has run: the writer
   * removes the row, audited under the action's name with every value it held and the parameters
   * (a scan undone with its reason). Its reply carries no row.
   */
  removes?: true;
  /**
   * A json parameter entered per colour x size cell of the record (a partial report): the dialog
   * lists the cells of the record's `of` field ([{ colour, size, qty }]) with what its `done` field
   * ({"<colour>|<size>": pieces}) holds and what is left, an input per cell checked as typed (a whole
   * number up to what is left, src/model/size-progress.ts); it sends {"<colour>|<size>": pieces}.
   * Runs on one record (a list needs one row selected). The server checks the cells again.
   * Example: `cells: { param: 'cells', of: 'matrix', done: 'done_matrix' }`.
   */
  cells?: { param: string; of: string; done: string };
};

export type StateMachineDef = {
  field: string;
  initial: string;
  states: StateDef[];
  transitions: TransitionDef[];
  /** States in which the document can no longer be edited or removed. */
  locked?: string[];
};

/** Sequence-number rule (spec: sequence config: prefix, suffix, length, date prefix). */
export type NumberingDef = {
  field: string;
  prefix: string;
  /** A date pattern put after the prefix: YYYY, YYYYMM, YYYYMMDD, YYMM, YYMMDD or ''. */
  datePrefix: '' | 'YYYY' | 'YYYYMM' | 'YYYYMMDD' | 'YYMM' | 'YYMMDD';
  length: number;
  suffix?: string;
};

/**
 * Lines entered as a matrix (DOMAIN "Orders and the colour-size matrix"): one line per row value x
 * column value with a quantity in the cell field, grouped into one matrix per block value (a style),
 * whose block fields (name, unit price) are typed once and copied to each of its lines. Declared on a
 * child collection (it then also shapes the Excel import: one row per block and row value, the column
 * values as columns) or on a page's child grid (the form only).
 *
 * Example: `{ rowField: 'colour', colField: 'size', cellField: 'qty', blockField: 'style_no', blockFields: ['unit_price'], when: { field: 'order_kind', value: 'goods' } }`.
 */
export type ChildMatrix = {
  rowField: string;
  colField: string;
  cellField: string;
  /** The field whose value groups lines into one matrix each; default `style_no`. */
  blockField?: string;
  /** Fields typed once per block; default `style_name` and `unit_price` (those the child has). */
  blockFields?: string[];
  /** Only documents whose header field has this value take matrix lines (a purchase order of finished goods); others keep one line per row. */
  when?: { field: string; value: string };
  /** Column values a new block and the import template start with; default S, M, L, XL. */
  columns?: string[];
  /** A note under a block's unit price: how a price left blank is filled (a purchase order's contract). */
  priceHint?: Label;
};

export type ChildDef = {
  key: string;
  label: Label;
  /** The child entity's name; its rows carry `foreignKey` pointing at the parent id. */
  entity: string;
  foreignKey: string;
  /** Lines entered as a matrix, in the form and in the Excel import (one sheet, column values as columns). */
  matrix?: ChildMatrix;
  /**
   * Each line names a different combination of these child fields (a location's stock levels: one
   * line per material). Checked after every write, form, import and service alike (a declared save
   * check, src/server/resources/save-hooks.ts); `message` is the parent entity's message key, given each
   * field's value (a reference as its code).
   */
  distinct?: { fields: string[]; message?: string };
  /**
   * A view entity's lines carry, beside the child entity's stored fields, figures computed with
   * them (a tracked order's node: its state today, whether it is on the critical path): declared
   * here so a child grid's columns and labels resolve them like fields. Only on a view entity,
   * whose area computes the lines (`registerViewScope(name, scope, { lines })`).
   * Example: `fields: [{ key: 'state', label: { zh: '状态', en: 'State' }, type: 'dict', dict: 'node_state' }]`.
   */
  fields?: FieldDef[];
};

/**
 * A detail entity's rows as lines of a master record, with transitions of their own (issue 30): a
 * node line of a customer order completed or re-planned from its row. The line has no state
 * machine of its own: each transition's `from` lists the **master's** states in which it runs, its
 * `params` are validated as a save's fields, its `roles` and `when` (an expression on the line) as a
 * master's transition's; `to` is not used (the line keeps no state). Served by the generic action
 * route of the detail entity (`/api/{prefix}/{entity}/action/{action}`, src/server/resources/
 * line-action.ts) through the same transition stage as a master's: the menu's `action:<name>`
 * right on the detail entity's menu, the master's data permissions, the line's version, the action
 * guards and handler, the write through the record writer and its audit on the line.
 *
 * Example: `lineOf: { master: 'customerorder', foreignKey: 'order_id', transitions: [{ action: 'actual', label, from: ['in_progress'], params: [...] }] }`.
 */
export type LineOfDef = { master: string; foreignKey: string; transitions: TransitionDef[] };

export type FieldErrors = Record<string, string>;

/**
 * A document-level check run after field rules, in browser and server alike. It returns message
 * keys per field (translated by the caller).
 * Example: spec 5, a material belongs to exactly one of a vendor or a customer.
 */
export type DocumentCheck = (doc: Record<string, unknown>) => FieldErrors;

export type EntityDef = {
  name: string;
  table: string;
  /** API module prefix: mdapi, srmapi, scmapi, vfapi, ... */
  prefix: string;
  /** Menu code that permissions and data permissions are bound to (spec 6). */
  menuCode: string;
  label: Label;
  fields: FieldDef[];
  /** Field shown as the record's title (drop-downs, history, breadcrumbs). */
  titleField: string;
  /** Business key (unique per tenant), used by import updates and references by code. */
  codeField?: string;
  /**
   * A field pickers show after the title when it has a value, with its label (a vendor's company on
   * the platform: "平台企业：华纺制衣"), so two records of one name can be told apart.
   */
  pickerDetail?: string;
  children?: ChildDef[];
  numbering?: NumberingDef;
  states?: StateMachineDef;
  /** Parent field of a tree entity (org, process). */
  treeParent?: string;
  checks?: DocumentCheck[];
  /** Child entity only lives inside its parent document (no own page, no own save). */
  childOnly?: boolean;
  /** The rows are lines of a master record with transitions of their own, run from the line (see LineOfDef). */
  lineOf?: LineOfDef;
  /** Sort applied when a list asks for none. */
  defaultSort?: { field: string; dir: 'asc' | 'desc' };
  /**
   * Why no page edits this entity (its rows are written by a service: shares, allocation cells).
   * Without it, each writable field must be in a form or child grid of a page (tests/registry).
   */
  omitFromForm?: string;
  /**
   * The entity's own messages (its document checks' texts), zh-CN and en: registered with the
   * catalogues when the entity is defined, so a new entity needs no catalogue edit.
   */
  messages?: CatalogPart;
  /**
   * The record is approved through a process definition of the company (issue 14): submitting it
   * starts the flow, its fields are read-only while the flow runs (unless the node allows edits),
   * and the actions listed in `before` wait for the flow's approval. The engine adds the read-only
   * field `approval_status` (services/approvals keeps it).
   * Example: `approval: { process: 'PO_APPROVAL', submitFrom: ['draft'], before: ['send'] }`.
   */
  approval?: ApprovalDecl;
  /**
   * Set by `defineViewEntity`: the rows are one of the platform's own tables, read through the
   * generic list and drawer and never written by the engine (see defineViewEntity).
   */
  view?: true;
  /**
   * A view entity whose fields not marked `readonly` are saved and whose transitions run through
   * the generic save and action routes of a view (src/server/resources/view-writer.ts), with the
   * rules of the area that owns the table (`registerViewWriter`: validate, before and after save,
   * action handlers). Its table has `version` and `updated_at`.
   */
  editable?: true;
  /**
   * A view over a journal whose rows are each one person's to act on and carry no version (an
   * approval task: the flow's own record of who must decide): its transitions run through the
   * journal writer (src/server/resources/journal-writer.ts) on the generic action route. The row
   * must be the caller's (`holder`: the column naming its person; another person's row of the
   * company is 403, another company's 404); no menu right is asked, holding the row is the right.
   * Its state is its version: the write is guarded by the transition's from-states in SQL, so a
   * row found outside them, or moved out of them by another write meanwhile, is refused with
   * `moved`. It has no save and no removal.
   */
  journal?: { holder: string; moved: ErrorKeyOf<'approval' | 'conflict'> };
  /**
   * The `type` of a socket message after which the entity's lists read their rows again (a view whose
   * figures move with other records: a tracked order's late nodes, on `nodetrack.changed`); the
   * server sends it to the companies that read the rows.
   */
  refreshOn?: string;
  /**
   * The document keeps attached files (issue 35, spec 2 "attachments"): its drawer shows an
   * attachments panel (upload, list, download, remove) and the resource API answers
   * `/{prefix}/{entity}/attachment/list|upload|remove`. Stored through the files service (type read
   * from the bytes, served as data); listing and downloading need the document's view right,
   * adding and removing its edit right, each on the record within the caller's company and data scope.
   */
  attachments?: true;
  /**
   * Each row is its creator's own (notes): every read and write of the generic resource API sees
   * only the caller's rows (`created_by`), on top of the company and the data permissions.
   * `{ sharedWhen: { field, values } }`: a row whose field holds one of the values is the company's
   * (every user of it sees it), any other row its creator's alone (a designed tile on the company's
   * dashboard or on its creator's own: `{ sharedWhen: { field: 'scope', values: ['company'] } }`).
   */
  personal?: true | { sharedWhen: { field: string; values: readonly string[] } };
  /**
   * A view whose scope holds one row, the caller's own (their profile, their company), answered at
   * addresses of its own too, without an id (src/server/resources/own-row.ts): `read` its record,
   * `save` the body on it through the view writer, at the body's version, or at the stored one with
   * `latest` (the caller's latest word on their own row). These addresses send decimals as text, as
   * spec 7's calls do. Example: `own: { read: '/clientinfoapi/user-profile/my-profile', save: '/clientinfoapi/user-profile/save-profile', latest: true }`.
   */
  own?: { read: string; save: string; latest?: true };
};

/** How an entity takes part in approval flows (see EntityDef.approval). */
export type ApprovalDecl = {
  /** The code of the company's process definition that approves it. */
  process: string;
  /** States from which the record may be submitted. */
  submitFrom: string[];
  /** Actions refused while the record is in a flow or was rejected by it; once approved they pass. */
  before?: string[];
  /**
   * The state the record takes when its flow approves it (issue 29: an approved purchase order read
   * "draft"). Applied by the approvals service, audited, only from a `submitFrom` state; a change
   * that voids the approval takes the record back to the entity's initial state.
   */
  approvedState?: string;
  /**
   * What an approver sees of the document in the approvals to-do list: key fields of the header
   * (amount, supplier, delivery date) and the lines of one child collection with their fields.
   */
  summary?: { fields: string[]; lines?: { child: string; fields: string[] } };
};

/** The field the engine adds to an entity with `approval` (values: running, approved, rejected). */
export const APPROVAL_STATUS_FIELD = 'approval_status';
/** Whether the record may be edited at the flow's current node (the node's "document editable"); kept by the approvals service. */
export const APPROVAL_EDITABLE_FIELD = 'approval_editable';
/** Who must decide now: the names of the open tasks' approvers while the flow runs; kept by the approvals service. */
export const APPROVAL_APPROVER_FIELD = 'approval_approver';

const REGISTRY = new Map<string, EntityDef>();

/**
 * Declares an entity once; tables, API validation, lists, forms, Excel templates and generated
 * tests derive from it.
 *
 * Example:
 * ```ts
 * export const vendor = defineEntity({ name: 'vendor', table: 'md_vendor', prefix: 'mdapi', ... });
 * ```
 */
export function defineEntity(decl: EntityDef): EntityDef {
  const def = withApprovalField(withEntriesChecks(withStateOptions(decl)));
  assertEntity(def);
  if (def.messages) registerCatalogPart(def.messages);
  REGISTRY.set(def.name, def);
  return def;
}

/** Each field with `entries` or `items` gets its document check: keys are ids (entries), each entry's or item's fields valid. */
function withEntriesChecks(def: EntityDef): EntityDef {
  const keyed = def.fields.filter((f) => f.entries || f.items);
  if (!keyed.length) return def;
  const checks: DocumentCheck[] = keyed.map((f) => (doc) => {
    const key = f.entries ? entriesError(f.entries, doc[f.key]) : itemsError(f.items!, doc[f.key]);
    return key ? { [f.key]: key } : {};
  });
  return { ...def, checks: [...checks, ...(def.checks ?? [])] };
}

const approvalStatusDict = defineDictionary({
  code: 'approval_status',
  label: { zh: '审批状态', en: 'Approval' },
  items: [
    { value: 'running', label: { zh: '审批中', en: 'In approval' } },
    { value: 'approved', label: { zh: '已审批', en: 'Approved' } },
    { value: 'rejected', label: { zh: '审批驳回', en: 'Rejected in approval' } },
  ],
});

/**
 * An entity approved through a flow carries its approval status (read-only, kept by the approvals
 * service). Exported for the entities a company declares at run time (a dynamic form naming a process).
 */
export function withApprovalField(def: EntityDef): EntityDef {
  if (!def.approval || def.fields.some((f) => f.key === APPROVAL_STATUS_FIELD)) return def;
  const field: FieldDef = { key: APPROVAL_STATUS_FIELD, label: { zh: '审批状态', en: 'Approval' }, type: 'dict', dict: approvalStatusDict.code, readonly: true };
  // The drawer shows a record in a flow read-only unless its current node allows edits (the writer refuses the same).
  const editable: FieldDef = { key: APPROVAL_EDITABLE_FIELD, label: { zh: '审批中可修改', en: 'Editable in approval' }, type: 'boolean', readonly: true };
  const approver: FieldDef = { key: APPROVAL_APPROVER_FIELD, label: { zh: '当前审批人', en: 'Current approver' }, type: 'text', maxLength: 500, readonly: true };
  return { ...def, fields: [...def.fields, field, editable, approver] };
}

/**
 * The state field's options are the state machine's states (a state's label is declared once):
 * a state field without a dictionary gets one derived from the states, `<entity>_<field>`.
 */
function withStateOptions(def: EntityDef): EntityDef {
  const states = def.states;
  const field = states && def.fields.find((f) => f.key === states.field);
  if (!states || !field || field.dict) return def;
  const dict = defineDictionary({
    code: `${def.name}_${states.field}`,
    label: field.label,
    items: states.states.map((s) => ({ value: s.code, label: s.label })),
  });
  return { ...def, fields: def.fields.map((f) => (f === field ? { ...f, dict: dict.code } : f)) };
}

function assertEntity(def: EntityDef): void {
  const keys = new Set<string>();
  for (const f of def.fields) {
    if (keys.has(f.key)) throw new Error(`entity ${def.name}: field key "${f.key}" is declared twice`);
    if (!/^[a-z][a-z0-9_]*$/.test(f.key)) throw new Error(`entity ${def.name}: field key "${f.key}" must be snake_case`);
    if (!(f.type in FIELD_TYPE_TABLE)) throw new Error(`entity ${def.name}: field "${f.key}" has unknown type "${f.type}"`);
    const spec = FIELD_TYPE_TABLE[f.type];
    if (spec.dictionary && !f.dict) throw new Error(`entity ${def.name}: field "${f.key}" needs a dict code`);
    if (spec.reference && !f.ref) throw new Error(`entity ${def.name}: field "${f.key}" needs ref`);
    keys.add(f.key);
  }
  if (!keys.has(def.titleField)) throw new Error(`entity ${def.name}: titleField "${def.titleField}" is not a field`);
  if (def.codeField && !keys.has(def.codeField)) throw new Error(`entity ${def.name}: codeField "${def.codeField}" is not a field`);
  if (def.states && !keys.has(def.states.field)) throw new Error(`entity ${def.name}: state field "${def.states.field}" is not a field`);
  if (def.numbering && !keys.has(def.numbering.field)) throw new Error(`entity ${def.name}: numbering field is not a field`);
  if (def.personal && def.personal !== true && !keys.has(def.personal.sharedWhen.field)) throw new Error(`entity ${def.name}: personal.sharedWhen field "${def.personal.sharedWhen.field}" is not a field`);
  if (def.lineOf && !keys.has(def.lineOf.foreignKey)) throw new Error(`entity ${def.name}: lineOf foreign key "${def.lineOf.foreignKey}" is not a field`);
  if (def.lineOf?.transitions.some((t) => t.to)) throw new Error(`entity ${def.name}: a line's transition keeps no state (no \`to\`)`);
  if (def.states?.transitions.some((t) => t.removes)) throw new Error(`entity ${def.name}: only a line's transition removes its row (\`removes\` under lineOf)`);
  if (!def.view && def.children?.some((c) => c.fields?.length)) throw new Error(`entity ${def.name}: only a view's lines carry computed fields (ChildDef.fields)`);
}

/**
 * Declares an entity over one of the platform's own tables (issue 30: the outbox, the audit
 * journal, the companies): its list and drawer are the engine's, with the same grid,
 * spreadsheet keys and filters as every list, but the table is not the registry's (no schema,
 * row-level security, writer, import, export or history of its own) and the server says which rows
 * a caller reads (`registerViewScope` in src/server/resources/view-reader.ts). Read-only unless it
 * is `editable`: then its writable fields and transitions go through the view writer
 * (`registerViewWriter`, src/server/resources/view-writer.ts). It is left out of `allEntities()`
 * (and so of the generated suites) and listed by `viewEntities()`.
 *
 * Example:
 * ```ts
 * defineViewEntity({ name: 'outbox', table: 'outbox', prefix: 'utilsapi', menuCode: 'workspace.outbox', ... });
 * ```
 */
export function defineViewEntity(decl: Omit<EntityDef, 'view' | 'numbering' | 'approval' | 'checks' | 'treeParent'>): EntityDef {
  if (!decl.editable && !decl.journal && decl.states?.transitions.length) throw new Error(`view entity ${decl.name}: a view has no transitions (unless it is editable or a journal)`);
  // A view's lines are read with its record (the area's `lines`), never saved with it.
  for (const c of decl.children ?? []) for (const f of c.fields ?? []) if (!/^[a-z][a-z0-9_]*$/.test(f.key)) throw new Error(`view entity ${decl.name}: line field "${f.key}" of "${c.key}" must be snake_case`);
  // A read-only view's fields are all read-only; an editable one keeps its declaration's.
  const fields = decl.editable ? decl.fields : decl.fields.map((f) => ({ ...f, readonly: true }));
  const def: EntityDef = withStateOptions({ ...decl, fields, view: true });
  assertEntity(def);
  if (def.messages) registerCatalogPart(def.messages);
  REGISTRY.set(def.name, def);
  return def;
}

export function getEntity(name: string): EntityDef | undefined {
  return REGISTRY.get(name);
}

export function requireEntity(name: string): EntityDef {
  const e = REGISTRY.get(name);
  if (!e) throw new Error(`unknown entity "${name}"`);
  return e;
}

/** Every registry entity (the engine's tables); view entities are listed by `viewEntities()`. */
export function allEntities(): EntityDef[] {
  return [...REGISTRY.values()].filter((e) => !e.view);
}

/** The read-only entities over the platform's own tables (defineViewEntity). */
export function viewEntities(): EntityDef[] {
  return [...REGISTRY.values()].filter((e) => e.view);
}

export function fieldOf(entity: EntityDef, key: string): FieldDef | undefined {
  return entity.fields.find((f) => f.key === key);
}
