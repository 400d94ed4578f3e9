import { registerActionHandler } from '../../resources/action-handlers';
import { registerSaveHook } from '../../resources/save-hooks';

/**
 * A task's own rules on the generic writer (task.entity.ts): a new task is its creator's (`user_id`,
 * the row `personal` reads by `created_by` too); completing it stamps when, reopening clears it.
 */
export function registerTaskHooks(): void {
  registerSaveHook('task', {
    validate: async ({ before, values, actor }) => {
      if (!before) values.user_id = actor.userId;
    },
  });
  registerActionHandler('task', 'complete', async () => ({ patch: { completed_at: new Date().toISOString() } }));
  registerActionHandler('task', 'reopen', async () => ({ patch: { completed_at: null } }));
}
