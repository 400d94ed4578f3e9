/** Product development and samples (issue 18): styles, costing versions, sample requests between companies, the demo. */
// Orders first: samples travel through the order shares and the demo brand's maker.
import '../orders';
import './development.seed';
import { registerSampleRules } from './sample.service';
import { registerStyleRules } from './style.service';

registerStyleRules();
registerSampleRules();

export { developmentRoutes } from './development.routes';
export { approvedStyleMinutes } from './style-minutes';
