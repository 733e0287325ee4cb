// A small deterministic generator for generated-input tests (a failure names a reproducible input): mulberry32,
// whose 32-bit outputs vary in every bit (a linear congruential step multiplied past 2^53 in floating point loses
// its low bits, and `% 2` of it is nearly constant).
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
