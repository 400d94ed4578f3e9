/**
 * Bench B4b's drag figure (issue 31): the product's re-plan after one drag on the board, the
 * move-and-push of src/server/services/planning/planning.push.ts (calendars/cascade.ts `pushLater`,
 * each bar laid into the target line's capacity by `layBar` with the options that command uses), on a
 * 10,000-plan auto-schedule: a bar is dropped on another line of its group near its own start, and only
 * the bars behind it on that line are laid again (not the whole schedule). Pure compute, as the
 * command runs it after its reads; the command's reads and writes (a row per moved bar) are B5's
 * cascade commit through the server.
 */
import { addDays, layBar, minutesPerPieceOn } from '../../calendars/capacity';
import type { ScheduleInput, ScheduleResult } from '../../calendars/auto-schedule';
import { pushLater, type CascadeBar } from '../../calendars/cascade';
import { prng } from '../../fixtures/generators/schedule-problem';

export type DragFigures = { ms: number[]; moved: number[]; failed: number };

export function dragReplans(input: ScheduleInput, result: ScheduleResult, drags: number, seed = 5): DragFigures {
  const rnd = prng(seed);
  const plans = new Map(input.plans.map((p) => [p.id, p]));
  const lines = new Map(input.lines.map((l) => [l.id, l]));
  const onLine = new Map<number, CascadeBar[]>();
  for (const b of result.bars) {
    const list = onLine.get(b.line_id) ?? [];
    list.push({ id: b.plan_id, start: b.start, end: b.end, locked: false });
    onLine.set(b.line_id, list);
  }
  const out: DragFigures = { ms: [], moved: [], failed: 0 };
  for (let k = 0; k < drags; k++) {
    const bar = result.bars[Math.floor(rnd() * result.bars.length)];
    const plan = plans.get(bar.plan_id)!;
    const targets = input.lines.filter((l) => l.id !== bar.line_id && (l.categories.length === 0 || l.categories.includes(plan.category)));
    const target = targets[Math.floor(rnd() * targets.length)];
    const drop = addDays(bar.start, Math.floor(rnd() * 11) - 5);
    const t0 = performance.now();
    const line = lines.get(target.id)!;
    const capacity = { operators: line.operators, efficiency: line.efficiency, learning: line.learning };
    const others = (onLine.get(target.id) ?? []).filter((b) => b.end >= drop);
    const lay = (id: number, from: string) => {
      const p = plans.get(id)!;
      return layBar(p.qty, minutesPerPieceOn(line.sam, p.category, p.minutes_per_piece ?? 0), capacity, line.calendar, from, { noLearning: id !== bar.plan_id, maxDays: 800 });
    };
    const r = pushLater({ id: bar.plan_id, start: drop }, others, lay);
    out.ms.push(performance.now() - t0);
    if (r.ok) out.moved.push(r.order.length);
    else out.failed++;
  }
  return out;
}
