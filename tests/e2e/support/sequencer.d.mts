import { BaseSequencer } from 'vitest/node';

/** The e2e menu walks first, every other file in vitest's order (sequencer.mjs). */
export default class LongestFirstSequencer extends BaseSequencer {}
