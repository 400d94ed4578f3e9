import { excel } from './excel';
import { registerCatalogPart } from './index';

/** Registers the import centre's, exports' and jobs' messages (see PARTS in ./index). */
registerCatalogPart(excel);
