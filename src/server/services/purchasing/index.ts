/** Purchasing and the warehouse (issue 17): purchase orders across companies, stock by location. */
import { registerPurchasingHandlers } from './purchasing.service';
import './purchasing.seed';
import './stock-levels.seed';

registerPurchasingHandlers();

export { changeStock } from './stock.service';
