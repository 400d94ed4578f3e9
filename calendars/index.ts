/**
 * Every calendar and scheduling board of the product (like grids/index.ts for list pages). Importing
 * this registers the declarations. Their menu entries are added by whoever serves the calendar's
 * route, so a board that is not built is not in the menu.
 */
import '../src/model';
export * from './production-board.calendar';
export * from './cycle-calendar.calendar';
export * from './line-month.calendar';
export * from './node-tracking.calendar';
