/** Outsourced orders (issue 12): plan to outsourced order, sent to the vendor's company, answered, received. */
import { registerOutsourceHandlers } from './outsource.service';
import './outsource.seed';

registerOutsourceHandlers();

export { outsourceRoutes } from './outsource.routes';
