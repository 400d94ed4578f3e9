/** Production planning (issue 11): the scheduling board's routes and the maker's demo season. */
import './planning.seed';
// After the demo season: the holidays and line settings of the maker's calendar (its bars exist then).
import './calendar.seed';

export { planningRoutes } from './planning.routes';
import '../../../../calendars/menu';
