/**
 * A board move before its plan's material is in (issue 31). The gate is the auto-scheduler's own
 * (planning.schedule-inputs.ts `materialGates`: the latest delivery date of the open purchase lines of
 * the plan's materials, or its own material-ready date when later), read in the command's transaction
 * under the caller's company; the command's route has checked the board's right and the bar was read
 * under the menu's data scope. What the move's `material` asks (src/model/schedule-board.ts
 * `MaterialChoice`): `ask` refuses a start before the gate with the gate and what holds it (the board
 * asks the planner), `gate` starts on the gate day, `keep` keeps the planner's day. Without it: the
 * planner's day (a push still lays the bar from its gate, planning.push.ts).
 */
import type { BoardCommand, MaterialGateAsk } from '../../../model/schedule-board';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { materialGates } from './planning.schedule-inputs';

type Move = Extract<BoardCommand, { op: 'move' }>;

/** Where the moved bar starts: the drop day, or its gate day when the planner chose it; refuses a start before the gate when asked to. */
export async function moveStart(tx: Db, clientId: number, cmd: Move, plan: { id: number; plan_no: string; material_ready_date: unknown; status: unknown }): Promise<string> {
  if (!cmd.material || cmd.material === 'keep') return cmd.start;
  const gate = (await materialGates(tx, clientId, [plan.id], [plan])).get(plan.id);
  if (!gate || gate.day <= cmd.start) return cmd.start;
  if (cmd.material === 'gate') return gate.day;
  const ask: MaterialGateAsk = { reason: 'material_gate', plan_id: plan.id, plan_no: plan.plan_no, start: cmd.start, gate };
  const params = { plan: plan.plan_no, gate: gate.day, start: cmd.start };
  const held = gate.held_by;
  // What holds the gate is named by the catalogue's message of its kind: a purchase order's line, or the plan's own date.
  if (held.source === 'purchase') throw new AppError('planning.beforeMaterial', { params: { ...params, po: held.po_no, material: held.material ?? '—' }, extra: ask });
  throw new AppError('planning.beforeMaterialReady', { params, extra: ask });
}
