import type { ChildDef, EntityDef, FieldDef, Label, TransitionDef } from './entity';
import { getEntity } from './entity';
import { FIELD_TYPE_TABLE, gridRendererOf, systemColumn, type FieldType, type FormWidget, type GridRenderer } from './field-types';
import { dictionaryItems } from './dictionaries';
import type { ChildGridDecl, ColumnDecl, FormFieldConfig, FormFieldDecl, FormOption, FormSection, LineTimelineDecl, PageDef, StatusTab, ToolbarAction } from './page';
import { pageActions, pageRoute } from './page';
import type { Validation } from './rules';
import { fieldRules } from './validate';

/**
 * Turns a page declaration (grids/) plus its entity into the complete form configuration of spec 3
 * and the list's columns. Declarations name fields by key and write only what differs; everything
 * else (label, widget type and inputType from the field-type table, validations from the entity's
 * rules and `required`, options from dictionaries, the source of references) comes from the entity,
 * so a label, type or rule is declared exactly once (STYLE habit 1).
 *
 * Example: `resolvePage(getPage('vendor')!).sections[0].form[0]` is
 * `{ field: 'code', label: '供应商编码', type: '', inputType: 'text', validations: [{ type: 'english' }], ... }`.
 */

/** How a list column filters: mapped to the server's filter operators by grid/filter-params. */
export type ColumnFilterKind = 'text' | 'number' | 'date' | 'set' | 'boolean' | 'reference' | null;

export type ResolvedColumn = {
  field: string;
  label: Label;
  fieldType: FieldType;
  renderer: GridRenderer;
  /** The declared width, else the field type's grid width. */
  width: number;
  pinned?: 'left' | 'right';
  hide: boolean;
  aggregate?: 'sum' | 'avg';
  sortable: boolean;
  filter: ColumnFilterKind;
  /** Dictionary items for dict columns (cell text and the set filter). */
  options?: FormOption[];
  /** Reference columns show the label the server joins in as `<field>__label`. */
  labelField?: string;
  /** The entity a reference column points at (its filter picks records of it). */
  refEntity?: string;
};

/** A form field after resolution: every property the widgets read is present. */
export type ResolvedField = FormFieldConfig & {
  label: string;
  labelEn: string;
  type: FormWidget;
  validations: Validation[];
  required: boolean;
  /** The entity's field type ('text' for a declaration-only field). */
  fieldType: FieldType;
  /** The entity field it stands for; absent for declaration-only helper fields. */
  def?: FieldDef;
  maxLength?: number;
};

export type ResolvedSection = { modelName: string; title?: Label; form: ResolvedField[] };

export type ResolvedChildGrid = {
  child: ChildDef;
  entity: EntityDef;
  columns: ResolvedColumn[];
  /** Editable cells use the same resolution as form fields (validations, options, defaults). */
  fields: ResolvedField[];
  editable: boolean;
  matrix?: ChildGridDecl['matrix'];
  rowTone?: ChildGridDecl['rowTone'];
  /** The line entity's own transitions drawn as buttons on each row (`ChildGridDecl.lineActions`). */
  lineActions: TransitionDef[];
  /** By column: the line transition whose parameter of that key its cell edits, or `'save'` (an editable view's line saved). */
  lineCells: Record<string, TransitionDef | 'save'>;
  /** The lines drawn as a timeline under the grid (`ChildGridDecl.timeline`), with the transition a dragged bar runs. */
  timeline?: LineTimelineDecl & { dragTransition?: TransitionDef };
};

export type ResolvedPage = {
  page: PageDef;
  entity: EntityDef;
  route: string;
  /** `/api/{prefix}/{entity}` */
  apiBase: string;
  sections: ResolvedSection[];
  columns: ResolvedColumn[];
  children: ResolvedChildGrid[];
  statusTabs: StatusTab[];
  actions: ToolbarAction[];
  /** The entity's state-machine transitions offered as buttons. */
  transitions: TransitionDef[];
  quickSearch: string[];
};

type EntityLookup = (name: string) => EntityDef | undefined;

const FILTER_KIND: Record<GridRenderer, ColumnFilterKind> = {
  text: 'text',
  number: 'number',
  money: 'number',
  date: 'date',
  datetime: 'date',
  boolean: 'boolean',
  dict: 'set',
  reference: 'number',
  image: null,
  json: null,
};

export function dictOptions(code: string | undefined): FormOption[] | undefined {
  if (!code) return undefined;
  return dictionaryItems(code)?.map((i) => ({ value: i.value, label: i.label.zh, labelEn: i.label.en }));
}

/**
 * Columns declared over an entity's fields outside a page (a hand-made grid's, such as the
 * allocation workbench's demand lines): each as a page's column resolves, headed by its field's label.
 */
export function resolveColumns(entity: EntityDef, decls: readonly ColumnDecl[]): ResolvedColumn[] {
  return decls.map((d) => columnOf(entity, d));
}

function columnOf(entity: EntityDef, decl: ColumnDecl): ResolvedColumn {
  const d = typeof decl === 'string' ? { field: decl } : decl;
  const def = entity.fields.find((f) => f.key === d.field);
  // Columns every business row carries; a list may show them by key like any field.
  const system = def ? undefined : systemColumn(d.field);
  if (!def && !system?.listable) throw new Error(`entity ${entity.name}: column "${d.field}" is not a field`);
  const fieldType: FieldType = def?.type ?? system!.type;
  const spec = FIELD_TYPE_TABLE[fieldType];
  const isRef = spec.reference;
  return {
    field: d.field,
    label: def?.label ?? system!.label,
    fieldType,
    renderer: def ? gridRendererOf(def) : spec.grid,
    width: d.width ?? spec.gridWidth,
    pinned: d.pinned,
    hide: d.hide ?? false,
    aggregate: d.aggregate,
    sortable: spec.ordered,
    // A reference stores an id; the list filters it by picking records of the target entity.
    filter: isRef ? 'reference' : FILTER_KIND[spec.grid],
    refEntity: isRef ? def?.ref?.entity : undefined,
    options: dictOptions(def?.dict),
    labelField: isRef ? `${d.field}__label` : undefined,
  };
}

/** Resolves one form field declaration (or a bare entity field) into its full spec 3 config. */
export function resolveField(entity: EntityDef, decl: FormFieldDecl): ResolvedField {
  const def = entity.fields.find((f) => f.key === decl.field);
  if (!def) {
    if (!decl.label) throw new Error(`entity ${entity.name}: form field "${decl.field}" is not a field and declares no label`);
    return {
      ...decl,
      label: decl.label,
      labelEn: decl.labelEn ?? decl.label,
      type: decl.type ?? '',
      inputType: decl.inputType ?? (decl.type ? undefined : 'text'),
      validations: decl.validations ?? [],
      required: (decl.validations ?? []).some((v) => v.type === 'required'),
      fieldType: 'text',
    };
  }
  const spec = FIELD_TYPE_TABLE[def.type];
  const validations = mergeValidations(
    fieldRules(def).map((type) => ({ type })),
    decl.validations ?? [],
  );
  const isRef = spec.reference;
  const out: ResolvedField = {
    ...decl,
    field: def.key,
    label: decl.label ?? def.label.zh,
    labelEn: decl.labelEn ?? def.label.en,
    // A JSON field declaring its entries (records of another entity, each with a few fields) is a keyed
    // table; one declaring its items (a list of small records) a record list.
    type: decl.type ?? (def.entries ? 'keyedtable' : def.items ? 'recordlist' : spec.widget),
    spanClass: decl.spanClass ?? spec.formSpan,
    inputType: decl.inputType ?? spec.inputType,
    validations,
    required: validations.some((v) => v.type === 'required'),
    fieldType: def.type,
    def,
    maxLength: def.maxLength,
    defaultValue: decl.defaultValue ?? def.default,
    upperCase: def.upperCase,
    lowerCase: def.lowerCase,
    // spec 5 trims text before submit; a declaration may turn it off (passwords, markdown).
    trim: decl.trim ?? def.trim,
    options: decl.options ?? dictOptions(def.dict),
    isMulti: decl.isMulti ?? (spec.multi ? true : undefined),
  };
  if (def.readonly) {
    out.disable = true;
    out.isNotPost = true;
  }
  if (isRef && def.ref) {
    out.source = decl.source ?? { entity: def.ref.entity };
    out.optionConfig = decl.optionConfig ?? { valueField: 'id', labelField: def.ref.labelField };
    out.displayfield = decl.displayfield ?? `${def.key}__label`;
    if (def.type === 'tree') out.treeConfig = decl.treeConfig ?? { nodeConfig: { idField: 'id', labelField: def.ref.labelField }, target: def.key, isMulti: false };
  }
  if (def.help && !decl.helpConfig) out.helpConfig = { targetFields: [{ target: def.key }], text: def.help.zh, textEn: def.help.en };
  return out;
}

/** Entity rules first, then the page's own; a page rule of the same type replaces its message. */
function mergeValidations(base: Validation[], extra: Validation[]): Validation[] {
  const out = base.map((v) => ({ ...v }));
  for (const v of extra) {
    const same = out.find((x) => x.type === v.type);
    if (same) same.message = v.message ?? same.message;
    else out.push({ ...v });
  }
  return out;
}

/** The form an entity gets when a page declares none: every writable field in one section. */
export function defaultSections(entity: EntityDef): FormSection[] {
  return [{ modelName: entity.name, form: entity.fields.filter((f) => !f.readonly).map((f) => ({ field: f.key })) }];
}

/** The columns a list gets when its page declares none: every field a cell can show (no structures). */
export function defaultColumns(entity: EntityDef): string[] {
  return entity.fields.filter((f) => FIELD_TYPE_TABLE[f.type].storage === 'scalar').map((f) => f.key);
}

/**
 * What a child grid runs from its rows (ChildGridDecl.lineActions, lineCells), checked against the
 * line entity: a named transition is one of its `lineOf`, a cell's transition has a parameter of the
 * column's key and type, and `'save'` needs an editable view whose field is writable.
 */
function lineRuns(childEntity: EntityDef, decl: ChildGridDecl, columns: ResolvedColumn[]): Pick<ResolvedChildGrid, 'lineActions' | 'lineCells'> {
  const where = `child grid "${decl.child}" (${childEntity.name})`;
  const transition = (action: string) => {
    const tr = childEntity.lineOf?.transitions.find((t) => t.action === action);
    if (!tr) throw new Error(`${where}: "${action}" is not a transition of the line (lineOf)`);
    return tr;
  };
  const lineCells: Record<string, TransitionDef | 'save'> = {};
  for (const [field, run] of Object.entries(decl.lineCells ?? {})) {
    const column = columns.find((c) => c.field === field);
    if (!column) throw new Error(`${where}: cell "${field}" is not one of its columns`);
    if (run === 'save') {
      const f = childEntity.fields.find((x) => x.key === field);
      if (!(childEntity.view && childEntity.editable) || !f || f.readonly) throw new Error(`${where}: cell "${field}" saves only a writable field of an editable view`);
      lineCells[field] = 'save';
      continue;
    }
    const tr = transition(run);
    const param = tr.params?.find((x) => x.key === field);
    if (!param || param.type !== column.fieldType) throw new Error(`${where}: transition "${run}" has no ${column.fieldType} parameter "${field}"`);
    lineCells[field] = tr;
  }
  return { lineActions: (decl.lineActions ?? []).map(transition), lineCells };
}

/** A child grid's timeline checked against the line entity: its keys are the line's fields, its drag a line transition with a date parameter named as its `end`. */
function lineTimeline(childEntity: EntityDef, decl: ChildGridDecl): ResolvedChildGrid['timeline'] {
  const t = decl.timeline;
  if (!t) return undefined;
  const where = `child grid "${decl.child}" (${childEntity.name}) timeline`;
  for (const key of [t.key, t.label, t.start, t.end, t.actual, t.projected, t.emphasis, t.state]) {
    if (key !== undefined && !childEntity.fields.some((f) => f.key === key)) throw new Error(`${where}: "${key}" is not a field of the line`);
  }
  if (!t.drag) return { ...t };
  const tr = childEntity.lineOf?.transitions.find((x) => x.action === t.drag);
  if (!tr?.params?.some((x) => x.key === t.end && x.type === 'date')) throw new Error(`${where}: "${t.drag}" is not a line transition with a date parameter "${t.end}"`);
  return { ...t, dragTransition: tr };
}

function childGrid(entity: EntityDef, decl: ChildGridDecl, lookup: EntityLookup): ResolvedChildGrid {
  const child = entity.children?.find((c) => c.key === decl.child);
  if (!child) throw new Error(`entity ${entity.name}: child grid "${decl.child}" is not a child collection`);
  const stored = lookup(child.entity);
  if (!stored) throw new Error(`entity ${entity.name}: child entity "${child.entity}" is not registered`);
  // A view's lines may carry computed figures beside the child entity's fields (ChildDef.fields), read-only.
  const childEntity: EntityDef = child.fields?.length ? { ...stored, fields: [...stored.fields, ...child.fields.map((f) => ({ ...f, readonly: true }))] } : stored;
  const columns = decl.columns.map((c) => columnOf(childEntity, c));
  return {
    ...lineRuns(childEntity, decl, columns),
    child,
    entity: childEntity,
    columns,
    fields: columns.filter((c) => childEntity.fields.some((f) => f.key === c.field)).map((c) => resolveField(childEntity, { field: c.field })),
    editable: decl.editable ?? true,
    // The page's own declaration, else the child collection's (which also shapes the Excel import).
    matrix: decl.matrix ?? child.matrix,
    ...(decl.rowTone ? { rowTone: decl.rowTone } : {}),
    ...(decl.timeline ? { timeline: lineTimeline(childEntity, decl) } : {}),
  };
}

/**
 * Resolves a page against its entity. Throws on a declaration error (unknown field, child or
 * entity) so that a broken declaration fails its test, not a user's screen.
 */
export function resolvePage(page: PageDef, lookup: EntityLookup = getEntity): ResolvedPage {
  const entity = lookup(page.entity);
  if (!entity) throw new Error(`page ${page.opt}: entity "${page.entity}" is not registered`);
  const sections = (page.form.length ? page.form : defaultSections(entity)).map((s) => ({
    modelName: s.modelName,
    title: s.title,
    form: s.form.map((f) => resolveField(entity, f)),
  }));
  const columns = (page.columns.length ? page.columns : defaultColumns(entity)).map((c) => columnOf(entity, c));
  const quick = page.quickSearch ?? [entity.codeField, entity.titleField].filter((x): x is string => Boolean(x));
  const missing = (page.document?.fields ?? []).filter((k) => !sections.some((s) => s.form.some((f) => f.field === k)));
  if (missing.length) throw new Error(`page ${page.opt}: document fields ${missing.join(', ')} are not fields of its form`);
  for (const c of page.commands ?? []) {
    const target = c.run?.entity ?? c.export?.entity;
    if (!target || !lookup(target)) throw new Error(`page ${page.opt}: command "${c.key}" names no registered entity`);
    const fields = Object.values(c.export?.filters ?? {}).filter((k) => !entity.fields.some((f) => f.key === k));
    if (fields.length) throw new Error(`page ${page.opt}: command "${c.key}" filters by ${fields.join(', ')}, not fields of ${entity.name}`);
  }
  return {
    page,
    entity,
    route: pageRoute(page),
    apiBase: `/api/${entity.prefix}/${entity.name}`,
    sections,
    columns,
    children: (page.children ?? []).map((c) => childGrid(entity, c, lookup)),
    statusTabs: page.statusTabs ?? [],
    actions: [...pageActions(page)],
    transitions: entity.states?.transitions ?? [],
    quickSearch: [...new Set(quick)],
  };
}

/**
 * The header of a page's record as a document (printed, or a workbook): the fields its declaration
 * names (`document.fields`, in that order), else the form's posted fields.
 */
export function documentFields(resolved: Pick<ResolvedPage, 'sections' | 'page'>): ResolvedField[] {
  const all = formFields(resolved);
  const named = resolved.page.document?.fields;
  return named ? named.map((k) => all.find((f) => f.field === k)!) : all.filter((f) => f.def && !f.isNotPost);
}

/** All fields of a resolved page's form, in order. */
export function formFields(resolved: Pick<ResolvedPage, 'sections'>): ResolvedField[] {
  return resolved.sections.flatMap((s) => s.form);
}
