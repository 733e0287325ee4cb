// A counting semaphore: bounds how many of something run at once in this process (extractions in the
// worker, uploads in the API, one workspace's requests). Waiters are served in arrival order and may give up
// through an AbortSignal.

export type Release = () => void;

export class Semaphore {
  private active = 0;
  private readonly waiters: Array<{ grant: (release: Release) => void }> = [];

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError('capacity must be at least 1');
  }

  get inUse(): number {
    return this.active;
  }

  /** Callers waiting for a slot. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** A slot at once, or undefined when all are taken (for callers that refuse rather than wait). */
  tryAcquire(): Release | undefined {
    if (this.active >= this.capacity) return undefined;
    this.active += 1;
    return this.releaser();
  }

  /** Waits for a slot; rejects with the signal's reason if it aborts first. */
  acquire(signal?: AbortSignal): Promise<Release> {
    const now = this.tryAcquire();
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const waiter = {
        grant: (release: Release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      const onAbort = () => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(signal!.reason as Error);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next.grant(this.releaser());
      else this.active -= 1;
    };
  }
}

/**
 * One semaphore of `capacity` per key, each made on first use and dropped once idle (no slot held, nobody waiting):
 * the keys may be many (one per workspace), the live semaphores only those in use.
 */
export class KeyedSemaphore {
  private readonly gates = new Map<string, Semaphore>();

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new RangeError('capacity must be at least 1');
  }

  /** Semaphores live now (keys with a slot held or a caller waiting). */
  get size(): number {
    return this.gates.size;
  }

  /** Waits for a slot of `key`'s semaphore; rejects with the signal's reason if it aborts first. */
  async acquire(key: string, signal?: AbortSignal): Promise<Release> {
    let gate = this.gates.get(key);
    if (!gate) {
      gate = new Semaphore(this.capacity);
      this.gates.set(key, gate);
    }
    const mine = gate;
    let release: Release;
    try {
      release = await mine.acquire(signal);
    } catch (err) {
      this.dropIdle(key, mine);
      throw err;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
      this.dropIdle(key, mine);
    };
  }

  private dropIdle(key: string, gate: Semaphore): void {
    if (gate.inUse === 0 && gate.waiting === 0 && this.gates.get(key) === gate) this.gates.delete(key);
  }
}

/**
 * `fn` over `items` with at most `limit` calls in flight, the results in the items' order: one request's fan-out
 * (a status for each of 100 job ids) waits its turn rather than holding the database pool and Temporal at once.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const slots = new Semaphore(limit);
  return Promise.all(
    items.map(async (item) => {
      const release = await slots.acquire();
      try {
        return await fn(item);
      } finally {
        release();
      }
    }),
  );
}
