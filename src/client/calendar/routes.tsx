import type { RouteObject } from 'react-router-dom';
import { CYCLE_CALENDAR_PATH } from '../../../calendars/cycle-calendar.calendar';
import { LINE_MONTH_PATH } from '../../../calendars/line-month.calendar';
import { productionBoard, SCHEDULE_BOARD_PATH } from '../../../calendars/production-board.calendar';
import { prefetchBoard } from './board-prefetch';

/** The scheduling board's route; its code (canvas board, words) loads only when the route opens. */
export const calendarRoutes: RouteObject[] = [
  {
    path: SCHEDULE_BOARD_PATH.slice(1),
    lazy: async () => {
      // The board's read starts now, beside its code's download, not after the page renders.
      prefetchBoard(productionBoard.source.read);
      return { Component: (await import('./ScheduleBoardPage')).ScheduleBoardPage };
    },
  },
  // The calendar views on FullCalendar (calendars/cycle-calendar.calendar.ts, line-month.calendar.ts).
  {
    path: CYCLE_CALENDAR_PATH.slice(1),
    lazy: async () => ({ Component: (await import('./CalendarViewsPages')).CycleCalendarPage }),
  },
  {
    path: LINE_MONTH_PATH.slice(1),
    lazy: async () => ({ Component: (await import('./CalendarViewsPages')).LineMonthPage }),
  },
];
