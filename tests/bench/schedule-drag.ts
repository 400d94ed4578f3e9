/**
 * Bench B4b's drag figure (issue 31): the product's re-plan after one drag on the board, the
 * move-and-push of src/server/services/planning/planning.push.ts (calendars/schedule-replan.ts
 * `replanLine`: the bars in the way laid by the auto-scheduler's own laying, with its material gates,
 * changeovers by sequence and learning curves), on a 10,000-plan auto-schedule: a bar is dropped on
 * another line of its group near its own start; the target line is re-planned from the drop and the
 * line it left from its old place, as the command does. Pure compute, as the command runs it after its
 * reads; the command's reads and writes are B5's cascade commit through the server.
 */
import { addDays } from '../../calendars/capacity';
import type { ScheduleInput, ScheduleResult } from '../../calendars/auto-schedule';
import { replanLine, type LineBar } from '../../calendars/schedule-replan';
import { prng } from '../../calendars/prng';

export type DragFigures = { ms: number[]; moved: number[]; failed: number };

export function dragReplans(input: ScheduleInput, result: ScheduleResult, drags: number, seed = 5): DragFigures {
  const rnd = prng(seed);
  const plans = new Map(input.plans.map((p) => [p.id, p]));
  const onLine = new Map<number, LineBar[]>();
  for (const b of result.bars) {
    const list = onLine.get(b.line_id) ?? [];
    list.push({ id: b.plan_id, plan: { ...plans.get(b.plan_id)!, qty: b.qty }, start: b.start, end: b.end, locked: false, minutes: b.minutes });
    onLine.set(b.line_id, list);
  }
  for (const list of onLine.values()) list.sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
  const options = input.options;
  const out: DragFigures = { ms: [], moved: [], failed: 0 };
  for (let k = 0; k < drags; k++) {
    const bar = result.bars[Math.floor(rnd() * result.bars.length)];
    const plan = { ...plans.get(bar.plan_id)!, qty: bar.qty };
    const targets = input.lines.filter((l) => l.id !== bar.line_id && (l.categories.length === 0 || l.categories.includes(plan.category)));
    const target = targets[Math.floor(rnd() * targets.length)];
    const drop = addDays(bar.start, Math.floor(rnd() * 11) - 5);
    const t0 = performance.now();
    // What the command reads: the target line's bars ending on or after the drop and the one before; the source line's from the bar's old start.
    const near = (lineId: number, from: string, skip: number) => {
      const all = (onLine.get(lineId) ?? []).filter((b) => b.id !== skip);
      const prev = all.filter((b) => b.start < from).at(-1);
      return all.filter((b) => b.end >= from || b === prev);
    };
    const onTarget = replanLine({ line: target, bars: near(target.id, drop, bar.plan_id), drop: { id: bar.plan_id, plan, start: drop }, options });
    const source = input.lines.find((l) => l.id === bar.line_id)!;
    const onSource = replanLine({ line: source, bars: near(source.id, bar.start, bar.plan_id), drop: null, left: { id: bar.plan_id, plan, start: bar.start }, options });
    out.ms.push(performance.now() - t0);
    if (onTarget.ok && onSource.ok) out.moved.push(onTarget.bars.length + onSource.bars.length);
    else out.failed++;
  }
  return out;
}
