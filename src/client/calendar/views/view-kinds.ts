import type { CalendarViewDecl, CalendarViewKind } from '../../../model/calendar';

/**
 * The calendar view kinds the generic calendar view page draws (CalendarViewPage.tsx); every
 * declaration of one of them gets its route at its menu address (routes.tsx), so adding a calendar
 * view of a known kind is adding its declaration (also reached by its code under spec 2's
 * `/zp/{cata}/calendarview/{opt}`).
 */
export const GENERIC_VIEW_KINDS: readonly CalendarViewKind[] = ['cycle-calendar', 'line-month', 'events'];

export const drawnByGenericView = (v: CalendarViewDecl): boolean => GENERIC_VIEW_KINDS.includes(v.kind);
