/**
 * Calendar declarations (docs/architecture.md "Layout": calendars/). A calendar names the entity its
 * bars come from, the data source the board reads, the resource its rows are (lines grouped by
 * workshop), the fields that give a bar its start, end, title and colour, the filters of its toolbar,
 * what a bar shows (label and tooltip fields), and its menu entry. One generic board
 * (src/client/calendar) renders any declaration; the server's planning service serves the data source.
 */
import type { Label } from './entity';
import type { BoardBar, BoardDay, BoardLine } from './schedule-board';

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

/** A bar's field in its tooltip; `dict`: the value is a dictionary code, shown by its label. */
export type CalendarBarField = { field: string; title: Label; kind?: 'text' | 'number' | 'date' | 'percent'; dict?: string };

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

// ---------------------------------------------------------------------------------------------
// Calendar views on FullCalendar (issue 11): the cycle calendar's year and month, a line's month.

/**
 * What a calendar view shows: the company's cycle calendar (working days, holidays, overtime days;
 * clicking a day toggles it), or one line's month (its bars as events, its capacity per day), or a
 * month of events only (`events`: the rows its source answers between two dates, by the field map;
 * the node-tracking calendar, issue 12).
 */
export type CalendarViewKind = 'cycle-calendar' | 'line-month' | 'events';

/** FullCalendar views offered (MIT daygrid only): a month grid, or the year as one continuous grid. */
export type CalendarViewZoom = 'month' | 'year';

export type CalendarViewDecl = {
  code: string;
  kind: CalendarViewKind;
  title: Label;
  /**
   * Where the view reads (GET) and, for the cycle calendar, where a day's kind is written (POST).
   * `window`: the source is a list's page (a view entity's `/page`, its reply's list `rows`), and the
   * weeks shown are asked as its filters, every page of them: rows whose `end` field is on or after
   * the first day shown and whose `start` field is on or before the last (`f.<end>.gte`, `f.<start>.lte`).
   * Without it the source is asked `?from=&to=`.
   */
  source: { read: string; write?: string; socketType?: string; window?: { start: string; end: string } };
  /** The entity whose records the view's days or events are (cyclecalendar_day, prodplan_bar). */
  entity: string;
  /** The record the view is about, chosen in its toolbar (a line for a line's month). */
  resource?: { entity: string; param: string; title: Label };
  zooms: CalendarViewZoom[];
  defaultZoom: CalendarViewZoom;
  /**
   * How the reply's rows become the calendar's events (as a board's `fields`): `rows` names the
   * reply's list, then the field of each part of an event. The one generic view
   * (src/client/calendar/views) draws them; a view without it draws days only (the cycle calendar).
   */
  events?: CalendarEventFields;
  /**
   * The address a click on an event opens, filled from the event's row (`{field}`, as a page's
   * `opens`). Example: `'/scm/page/node-tracking?order={order_id}'`.
   */
  opens?: string;
  menu: { code: string; group: string; furl: string; order?: number };
};

/** The field map of a calendar view's events: start and (inclusive) end dates, title parts, colour, resource, flags. */
export type CalendarEventFields = {
  rows: string;
  id: string;
  start: string;
  end?: string;
  /** Fields joined into the event's text, in order. */
  title: string[];
  /** The field whose value picks the event's colour (one colour per value, stable). */
  colour?: string;
  /** The field naming the record the view is about (its `resource`). */
  resource?: string;
  /** A true value draws the event in the late colour. */
  late?: string;
  /** A true value draws the event with a dark border and a lock. */
  locked?: string;
  /**
   * The dictionary whose items name and colour the colour field's values (an item's `extra.colour`),
   * listed above the calendar as its legend; without it a value gets a colour of its own.
   */
  colourDict?: string;
  /**
   * A second date of the same row drawn as an event of its own (a node's actual date beside its
   * planned one): each event's title ends with its word; once the second date is there the first is
   * drawn hollow, and not at all when both fall on one day.
   */
  second?: { start: string; word: Label; firstWord: Label };
};

const CALENDAR_VIEWS = new Map<string, CalendarViewDecl>();

/** Declares a calendar view; codes are unique (also against boards) and the default zoom is offered. */
export function defineCalendarView(decl: CalendarViewDecl): CalendarViewDecl {
  if (!/^[a-z][a-z0-9_.-]*$/.test(decl.code)) throw new Error(`calendar view code "${decl.code}" must be lower-case letters, digits, _ . -`);
  if (CALENDAR_VIEWS.has(decl.code) || CALENDARS.has(decl.code)) throw new Error(`calendar "${decl.code}" is declared twice`);
  if (!decl.zooms.length || !decl.zooms.includes(decl.defaultZoom)) throw new Error(`calendar view "${decl.code}": default zoom "${decl.defaultZoom}" is not among its zooms`);
  CALENDAR_VIEWS.set(decl.code, decl);
  return decl;
}

export function getCalendarView(code: string): CalendarViewDecl | undefined {
  return CALENDAR_VIEWS.get(code);
}

export function allCalendarViews(): CalendarViewDecl[] {
  return [...CALENDAR_VIEWS.values()];
}

/** One day of the cycle calendar view. */
export type CycleCalendarDay = {
  date: string;
  working: boolean;
  holiday: boolean;
  overtime: boolean;
  /** Working minutes of the day (per operator): the calendar's hours on a working day, else 0. */
  minutes: number;
  /** The holiday's or overtime day's name, when the day is listed. */
  name: string | null;
};

/** GET cycle calendar view ?year=YYYY: the company's calendar of that year (null: none yet) and its days. */
export type CycleCalendarView = {
  year: number;
  calendar: { id: number; version: number; name: string; year: number; work_weekdays: string; minutes: number } | null;
  days: CycleCalendarDay[];
};

/**
 * POST a day's kind: `holiday`, `overtime`, or null (back to the weekday's rule). Written as a child
 * row of the year's cycle calendar at the version read (a calendar is created for a year without one).
 */
export type CycleDayCommand = { /** Not read: the date's year is the calendar's. */ year?: number; calendar_id: number | null; version: number | null; date: string; kind: 'holiday' | 'overtime' | null; name?: string };

/**
 * GET a line's month ?line=&month=YYYY-MM: that line's days (working, holiday, overtime), capacity and
 * load per day, its settings (SAM by category, learning curve) and the live bars touching the month;
 * `lines` lists the lines the caller may pick (null line: none chosen or none exist).
 */
export type LineMonthView = {
  month: string;
  from: string;
  to: string;
  days: BoardDay[];
  line: BoardLine | null;
  lines: { id: number; code: string; name: string; workshop_name: string }[];
  bars: BoardBar[];
};
