import { BaseSequencer } from 'vitest/node';

/**
 * The order test files start in (vite.config.ts `test.sequence.sequencer`). Vitest runs the files it
 * knows to be long first, from the durations a previous run left in its cache; a fresh clone (CI)
 * has no cache, and vitest then starts the largest files first. A few files hold far more time than
 * their size tells, and started last, one worker finished them while the other had nothing left:
 * - the e2e menu walks, three-line files of one to two and a half minutes each (on 2026-12-04 the
 *   last 180 s of a 1,190 s stage, one worker idle);
 * - API files that start server processes or fill a table to a limit: two app processes sharing
 *   jobs (44 s), an import killed midway (34 s on PGlite, the last file of its stage on 2026-12-05:
 *   about 30 s of one worker idle), the generated suite of every entity (22 s), the fuzzed envelope
 *   and an export past one worksheet (17 s each, the latter the 142nd of 143 files).
 * They start first here, in this order; every other file keeps vitest's order.
 */
const LONG_FIRST = [
  /menu-walk-/,
  /successful-two-app-processes-share-notices-and-jobs/,
  /failing-import-killed-midway/,
  /every-entity-resource-api/,
  /failing-fuzzed-input-is-refused-in-the-envelope/,
  /failing-export-beyond-one-worksheet-is-refused/,
];

export default class LongestFirstSequencer extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    const sorted = await super.sort(files);
    const rank = (/** @type {import('vitest/node').TestSpecification} */ f) => {
      const i = LONG_FIRST.findIndex((re) => re.test(f.moduleId));
      return i < 0 ? LONG_FIRST.length : i;
    };
    // Array.prototype.sort is stable: files of one rank keep vitest's order.
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
