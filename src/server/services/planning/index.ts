/** Production planning (issue 11): the scheduling board's routes, plans from orders, their actions and the maker's demo season. */
// The orders area first: its demo season of orders is seeded before the plans that link to them.
import '../orders';
import './planning.seed';
// After the demo season: the holidays and line settings of the maker's calendar (its bars exist then).
import './calendar.seed';
// After the orders' node dates (tracking's seeders) and the maker's purchasing: a late plan for each kind of late reason.
import '../tracking';
import './late-reasons.seed';
import { registerPlanHandlers } from './planning.plans';
// Each plan's scheduled end and days late, installed by migrate() (db/derived-tables.ts).
import './plan-lateness';
// Each line's load per day of the published schedule (the board's figure), installed by migrate() after it.
import './line-day-load';

registerPlanHandlers();

export { planningRoutes } from './planning.routes';
import '../../../../calendars/menu';
