// Small helpers shared by the benchmarks: a seeded random source, percentiles and timing.
import os from 'node:os';
import { performance } from 'node:perf_hooks';

/** A deterministic pseudo-random generator (mulberry32) in [0, 1), so every run builds the same data. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draws (Box-Muller) from a uniform source. */
export function gaussian(next: () => number): () => number {
  let spare: number | undefined;
  return () => {
    if (spare !== undefined) {
      const s = spare;
      spare = undefined;
      return s;
    }
    const u = Math.max(next(), 1e-12);
    const r = Math.sqrt(-2 * Math.log(u));
    const theta = 2 * Math.PI * next();
    spare = r * Math.sin(theta);
    return r * Math.cos(theta);
  };
}

export const round = (x: number, digits = 1) => Number(x.toFixed(digits));

/** Nearest-rank percentile of an ascending array. */
export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number;

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/** p50/p95/mean/min/max of millisecond samples, with the sample count beside them. */
export function summarize(samples: readonly number[], digits = 1): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return { n: 0, p50: NaN, p95: NaN, mean: NaN, min: NaN, max: NaN };
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50), digits),
    p95: round(percentile(sorted, 95), digits),
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length, digits),
    min: round(sorted[0] as number, digits),
    max: round(sorted.at(-1) as number, digits),
  };
}

/** Runs fn and returns its result and the elapsed milliseconds. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}

export const loadAverage = () => os.loadavg().map((x) => round(x, 2));

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
