/**
 * A small seeded generator (mulberry32): the same seed gives the same numbers, so a run with the
 * same input is the same run (the auto-scheduler's improvement step, the generated problems of the
 * tests and benches).
 */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
