import { gateway } from './gateway';
import { registerCatalogPart } from './index';

/** Registers the outside-system calls' messages (issue 35; see PARTS in ./index): loaded with the error table and by the screens. */
registerCatalogPart(gateway);
