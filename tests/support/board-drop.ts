import { addDays } from '../../calendars/capacity';
import type { BoardBar, BoardData } from '../../src/model/schedule-board';

type BoardLine = BoardData['lines'][number];

/**
 * A drop for the push tests of the board: the first line with at least two unlocked bars starting
 * more than three days after `today` (`ahead`, in start order), the first of them on a day the line
 * works (capacity above 0: a bar dropped there starts there; the demo season, laid out from the day
 * it is seeded, may start one on a holiday such as 1 January), and an unlocked bar of another line
 * of the same workshop that the line can make (`mover`), meeting `also` too (given the bars ahead).
 * Null when the board has no such pair.
 *
 * Example: `const drop = pushDrop(data, today, (b) => b.qty >= 100);`
 */
export function pushDrop(data: BoardData, today: string, also: (bar: BoardBar, ahead: BoardBar[]) => boolean = () => true): { target: BoardLine; mover: BoardBar; ahead: BoardBar[] } | null {
  const lineOf = new Map(data.lines.map((l) => [l.id, l]));
  for (const target of data.lines) {
    const ahead = data.bars.filter((b) => b.line_id === target.id && !b.locked && b.start > addDays(today, 3)).sort((a, b) => a.start.localeCompare(b.start));
    if (ahead.length < 2) continue;
    const dropDay = data.days.findIndex((d) => d.date === ahead[0].start);
    if (!(target.capacity[dropDay] > 0)) continue;
    const canTake = (b: BoardBar) => target.categories.length === 0 || target.categories.includes(b.category);
    const mover = data.bars.find((b) => !b.locked && b.line_id !== target.id && canTake(b) && lineOf.get(b.line_id)!.workshop_id === target.workshop_id && also(b, ahead));
    if (mover) return { target, mover, ahead };
  }
  return null;
}
