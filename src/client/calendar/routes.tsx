import type { RouteObject } from 'react-router-dom';
import { SCHEDULE_BOARD_PATH } from '../../../calendars/production-board.calendar';

/** The scheduling board's route; its code (canvas board, words) loads only when the route opens. */
export const calendarRoutes: RouteObject[] = [
  {
    path: SCHEDULE_BOARD_PATH.slice(1),
    lazy: async () => ({ Component: (await import('./ScheduleBoardPage')).ScheduleBoardPage }),
  },
];
