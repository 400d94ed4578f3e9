import type { RouteObject } from 'react-router-dom';
// The calendar declarations register themselves, found by their files (not through calendars/index.ts,
// which loads the whole model: the router is in the first visit's chunks, benchmark B7).
import.meta.glob('../../../calendars/*.calendar.ts', { eager: true });
import { productionBoard, SCHEDULE_BOARD_PATH } from '../../../calendars/production-board.calendar';
import { allCalendarViews } from '../../model/calendar';
import { prefetchBoard } from './board-prefetch';
import { drawnByGenericView } from './views/view-kinds';

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
  // Every calendar view declared (calendars/*.calendar.ts) at its menu address, drawn by the one generic page.
  ...allCalendarViews()
    .filter(drawnByGenericView)
    .map((v) => ({ path: v.menu.furl.slice(1), lazy: async () => ({ Component: (await import('./views/CalendarViewPage')).CalendarViewPage }) })),
];
