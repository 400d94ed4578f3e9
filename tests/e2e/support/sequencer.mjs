import { BaseSequencer } from 'vitest/node';

/**
 * The order test files start in (vite.config.ts `test.sequence.sequencer`). Vitest runs the files it
 * knows to be long first, from the durations a previous run left in its cache; a fresh clone (CI)
 * has no cache, and vitest then starts the largest files first. The e2e menu walks are three-line
 * files holding that stage's longest work (one to two minutes each): started last, the two workers
 * finished them while the rest was done (on 2026-12-04 the last 180 s of a 1,190 s stage, one worker
 * idle). They start first here; every other file keeps vitest's order.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    const sorted = await super.sort(files);
    const walk = (/** @type {import('vitest/node').TestSpecification} */ f) => /menu-walk-/.test(f.moduleId);
    return [...sorted.filter(walk), ...sorted.filter((f) => !walk(f))];
  }
}
