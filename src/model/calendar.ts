/**
 * Calendar declarations (docs/architecture.md "Layout": calendars/). A calendar names the entity its
 * bars come from, the data source the board reads, the resource its rows are (lines grouped by
 * workshop), the fields that give a bar its start, end, title and colour, the filters of its toolbar,
 * what a bar shows (label and tooltip fields), and its menu entry. One generic board
 * (src/client/calendar) renders any declaration; the server's planning service serves the data source.
 */
import type { Label } from './entity';

export type CalendarZoom = 'day' | 'week' | 'month';

export type CalendarResource = {
  /** The entity of a row (e.g. workline). */
  entity: string;
  /** Field of a bar naming its row. */
  field: string;
  /** Rows are grouped by this field of the row (e.g. workshop). */
  groupBy?: { field: string; title: Label };
  title: Label;
};

export type CalendarFilter = {
  /** Query parameter of the data source. */
  param: string;
  title: Label;
  kind: 'reference' | 'date' | 'text';
  /** For a reference filter, the entity offered. */
  entity?: string;
};

export type CalendarBarField = { field: string; title: Label; kind?: 'text' | 'number' | 'date' | 'percent' };

export type CalendarDecl = {
  code: string;
  title: Label;
  /** The entity a bar is a record of (e.g. prodplan_bar). */
  entity: string;
  /** Where the board reads (GET) and writes (POST commands). */
  source: { read: string; command?: string; socketType?: string };
  resource: CalendarResource;
  fields: { start: string; end: string; title: string; colour?: string; progress?: { done: string; total: string }; late?: string; locked?: string };
  filters: CalendarFilter[];
  /** Fields of a bar's label (first ones fit the bar) and of its tooltip. */
  bar: { label: string[]; tooltip: CalendarBarField[] };
  zooms: CalendarZoom[];
  defaultZoom: CalendarZoom;
  /** Permission (menu) code and where the shell lists it. */
  menu: { code: string; group: string; furl: string; order?: number };
};

const CALENDARS = new Map<string, CalendarDecl>();

/** Declares a calendar; codes are unique, every zoom is known and the default zoom is offered. */
export function defineCalendar(decl: CalendarDecl): CalendarDecl {
  if (!/^[a-z][a-z0-9_.-]*$/.test(decl.code)) throw new Error(`calendar code "${decl.code}" must be lower-case letters, digits, _ . -`);
  if (CALENDARS.has(decl.code)) throw new Error(`calendar "${decl.code}" is declared twice`);
  if (!decl.zooms.length || !decl.zooms.includes(decl.defaultZoom)) throw new Error(`calendar "${decl.code}": default zoom "${decl.defaultZoom}" is not among its zooms`);
  if (!decl.bar.label.length) throw new Error(`calendar "${decl.code}": a bar needs at least one label field`);
  CALENDARS.set(decl.code, decl);
  return decl;
}

export function getCalendar(code: string): CalendarDecl | undefined {
  return CALENDARS.get(code);
}

export function allCalendars(): CalendarDecl[] {
  return [...CALENDARS.values()];
}
