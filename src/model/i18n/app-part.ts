import { accountProfile } from './account-profile';
import { admin } from './admin';
import { columnFilters } from './column-filters';
import { engine } from './engine';
import { listViews } from './list-views';
import { notify } from './notify';
import { ordersUi } from './orders-ui';
import { spreadsheet } from './spreadsheet';
import { unsaved } from './unsaved';
import { registerCatalogPart } from './index';

/**
 * Registers the words of the signed-in pages that the sign-in page never shows (see PARTS in
 * ./index): the registry engine's lists and drawers and their saved views, order and allocation
 * pages, administration, the account pages, notices, the grids' spreadsheet keys and column
 * filters, unsaved-edit guards. Imported by the server, the signed-in shell and every
 * code-split route (app/router.tsx `page`), so that the first visit's script does not carry them
 * (benchmark B7: 250 KB).
 */
export const APP_PARTS = [engine, listViews, ordersUi, admin, accountProfile, notify, spreadsheet, columnFilters, unsaved];
for (const part of APP_PARTS) registerCatalogPart(part);
