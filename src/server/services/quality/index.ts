/** Quality inspection (issue 18): defect catalogue, AQL inspections, the dispatch guard, the demo. */
// Orders first: the demo inspects the maker's orders in progress.
import '../orders';
import './quality.seed';
import { registerQualityRules } from './quality.service';

registerQualityRules();

export { qualityRoutes } from './quality.routes';
export { failedFinalInspection } from './quality.service';
