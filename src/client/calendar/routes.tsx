import type { RouteObject } from 'react-router-dom';
// The calendar declarations register themselves, found by their files (not through calendars/index.ts,
// which loads the whole model: the router is in the first visit's chunks, benchmark B7).
import.meta.glob('../../../calendars/*.calendar.ts', { eager: true });
import { productionBoard, SCHEDULE_BOARD_PATH } from '../../../calendars/production-board.calendar';
import { allCalendarViews } from '../../model/calendar';
import { drawnByGenericView } from './views/view-kinds';

const viewPage = async () => ({ Component: (await import('./views/CalendarViewPage')).CalendarViewPage });

/** The scheduling board's route; its code (canvas board, words) loads only when the route opens. */
export const calendarRoutes: RouteObject[] = [
  {
    path: SCHEDULE_BOARD_PATH.slice(1),
    lazy: async () => {
      // The board's read starts as soon as its small reader has loaded, before the board's code is
      // asked for, not after the page renders: asked together, the board's chunks (500 KB) arrived
      // with the reader and ran first, and the read waited 60-160 ms for them (B5 at scale, eighteenth
      // session). The reader is a chunk of its own (vite.config.ts): the router sits in the first
      // visit's chunks (benchmark B7), the window's decoder need not.
      (await import('./board-prefetch')).prefetchBoard(productionBoard.source.read);
      return { Component: (await import('./ScheduleBoardPage')).ScheduleBoardPage };
    },
  },
  // Every calendar view declared (calendars/*.calendar.ts) at its menu address, drawn by the one generic page.
  ...allCalendarViews()
    .filter(drawnByGenericView)
    .map((v) => ({ path: v.menu.furl.slice(1), lazy: viewPage })),
  // Spec 2's address of a calendar view by its code, whatever the menu address.
  { path: 'zp/:cata/calendarview/:opt', lazy: viewPage },
];
