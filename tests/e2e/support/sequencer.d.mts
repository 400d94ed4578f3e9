import { BaseSequencer } from 'vitest/node';

/** The files known to be long first (the e2e menu walks, a few API files), every other file in vitest's order (sequencer.mjs). */
export default class LongestFirstSequencer extends BaseSequencer {}
