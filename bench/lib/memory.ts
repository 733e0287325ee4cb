// The process's memory at its peak RSS, sampled while a bench step runs (the knowledge run, the manual pages).
import { readFileSync } from 'node:fs';
import { round } from './stats';

/** The process's memory at its largest RSS while a step runs (sampled), and the kernel's peak. */
export interface MemoryPeak {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
  arrayBuffersMb: number;
  /** /proc/self/status VmHWM at the end: the process's peak RSS since it started. */
  vmHwmMb?: number;
  /** /proc/self/smaps_rollup near the sampled peak (within SPLIT_STEP_MB): anonymous (heaps, arenas) and file-backed (code, model). */
  anonymousMb?: number;
  fileBackedMb?: number;
}

const mib = (bytes: number) => round(bytes / 2 ** 20, 0);

/** The `<field>: N kB` values of a /proc file, read once; undefined where there is no /proc (not Linux). */
function procKb(file: string, ...fields: string[]): Array<number | undefined> | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  return fields.map((field) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
    return m ? Number(m[1]) : undefined;
  });
}

/**
 * Samples process.memoryUsage() every `everyMs` until stopped; returns the sample with the largest RSS.
 * The anonymous/file-backed split comes from /proc/self/smaps_rollup, which walks every mapping of this
 * large process (tens of ms of CPU each time): it is read only when the peak has grown by SPLIT_STEP_MB
 * since the last read, so the sampler does not weigh on the figures it sits beside.
 */
const SPLIT_STEP_MB = 32;
export function sampleMemory(everyMs = 250): { stop(): MemoryPeak } {
  let peak: MemoryPeak | undefined;
  let splitAtMb = -Infinity;
  let split: Pick<MemoryPeak, 'anonymousMb' | 'fileBackedMb'> = {};
  const sample = () => {
    const m = process.memoryUsage();
    if (peak && mib(m.rss) <= peak.rssMb) return;
    if (mib(m.rss) >= splitAtMb + SPLIT_STEP_MB) {
      const [anon, rss] = procKb('/proc/self/smaps_rollup', 'Anonymous', 'Rss') ?? [];
      splitAtMb = mib(m.rss);
      if (anon !== undefined && rss !== undefined) {
        split = { anonymousMb: round(anon / 1024, 0), fileBackedMb: round((rss - anon) / 1024, 0) };
      }
    }
    peak = {
      rssMb: mib(m.rss),
      heapUsedMb: mib(m.heapUsed),
      heapTotalMb: mib(m.heapTotal),
      externalMb: mib(m.external),
      arrayBuffersMb: mib(m.arrayBuffers),
      ...split,
    };
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const [hwm] = procKb('/proc/self/status', 'VmHWM') ?? [];
      return { ...(peak as MemoryPeak), ...(hwm !== undefined ? { vmHwmMb: round(hwm / 1024, 0) } : {}) };
    },
  };
}
