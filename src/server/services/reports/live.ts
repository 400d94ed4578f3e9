import { getEntity } from '../../../model';
import { emitToCompany } from '../../realtime';
import { registerSaveHook } from '../../resources/save-hooks';

/** The entities whose documents the control tower's widgets read. */
export const WATCHED_ENTITIES = ['customerorder', 'prorder', 'prodplan', 'prodplan_bar', 'purorder', 'stockbalance', 'allocationversion', 'allocationcell', 'vendorcapacity'] as const;

/**
 * The control tower follows the data under it: every document the writer saves of a watched entity
 * tells the company's sockets `report.changed` (entity name only, never the data: the room is the
 * company's own), and open dashboards run their queries again. The hook runs inside the write's
 * transaction, so the browser waits a moment before it asks (the control tower debounces).
 */
export function registerReportRefresh(): void {
  for (const name of WATCHED_ENTITIES) {
    if (!getEntity(name)) continue;
    registerSaveHook(name, refreshHook);
  }
}

const refreshHook = {
  afterWrite: async ({ clientId, entity, ids }: { clientId: number; entity: { name: string }; ids: number[] }) => {
    emitToCompany(clientId, 'report.changed', { entity: entity.name, count: ids.length });
  },
};
