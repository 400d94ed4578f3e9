import { brandNodeOrder, supplierNodeOrder, trackedOrder } from '../../../model/entities/nodeconfig.entity';
import { deferredPart } from '../../form/deferred-part';
import { registerDrawerExtension } from '../../form/drawer-extensions';

const timelines = () => import('./OrderTimelines');

/**
 * Node tracking's screens (issue 12) are the engine's lists of the tracked-order views
 * (grids/tracking/trackedorders.grid.ts); a row's drawer shows the order's timeline and nodes, full
 * width, for the maker, the brand and the supplier. (The node calendar is a declared calendar view,
 * calendars/node-tracking.calendar.ts.)
 */
registerDrawerExtension({ applies: (r) => r.entity.name === trackedOrder.name, body: deferredPart(timelines, 'MakerOrderTimeline'), wide: true });
registerDrawerExtension({ applies: (r) => r.entity.name === brandNodeOrder.name, body: deferredPart(timelines, 'BrandOrderTimeline'), wide: true });
registerDrawerExtension({ applies: (r) => r.entity.name === supplierNodeOrder.name, body: deferredPart(timelines, 'SupplierOrderTimeline'), wide: true });
