/** Production planning (issue 11): the scheduling board's routes and the maker's demo season. */
import './planning.seed';

export { planningRoutes } from './planning.routes';
import '../../../../calendars/menu';
