// Bounds what a git packfile inflates to, before anything inflates it whole: every object's declared size
// (a delta's: the size of the object it rebuilds) is checked against the per-object cap and their total
// against the clone's cap, and each object's compressed stream is inflated with an output limit, so a zlib
// stream that inflates past what its header declares (a "zlib bomb") stops at the limit. A delta chain that
// expands is bounded the same way: each rebuilt object counts in full towards the total.
import { inflateSync } from 'node:zlib';

export interface PackLimits {
  /** The largest object (file, tree, commit or the result of a delta) a clone may hold, in bytes. */
  maxObjectBytes: number;
  /** The most bytes all of a clone's objects may inflate to together. */
  maxInflatedBytes: number;
}

/** A packfile that would inflate past the limits (or is not a packfile); the message says which, plainly. */
export class PackRefused extends Error {}

const OFS_DELTA = 6;
const REF_DELTA = 7;
const HASH_BYTES = 20;

/** Reads a little-endian base-128 number (a delta's sizes): [value, next position]. */
function deltaSize(data: Buffer, at: number): [number, number] {
  let value = 0;
  let scale = 1;
  for (let p = at; p < data.length && scale <= 2 ** 56; p++) {
    value += (data[p]! & 0x7f) * scale;
    scale *= 128;
    if ((data[p]! & 0x80) === 0) return [value, p + 1];
  }
  throw new PackRefused('The repository sent a damaged packfile (a delta without its sizes)');
}

/** Checks a whole packfile against the limits; throws PackRefused. Returns the bytes its objects inflate to. */
export function checkPack(pack: Uint8Array, limits: PackLimits): number {
  const buf = Buffer.from(pack.buffer, pack.byteOffset, pack.byteLength);
  if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'PACK') {
    throw new PackRefused('The repository sent something that is not a packfile');
  }
  const count = buf.readUInt32BE(8);
  const end = buf.length - HASH_BYTES;
  let p = 12;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (p >= end) throw new PackRefused('The repository sent a truncated packfile');
    let c = buf[p++]!;
    const type = (c >> 4) & 7;
    let declared = c & 0x0f;
    let scale = 16;
    while (c & 0x80) {
      if (p >= end || scale > 2 ** 56) throw new PackRefused('The repository sent a damaged packfile');
      c = buf[p++]!;
      declared += (c & 0x7f) * scale;
      scale *= 128;
    }
    if (type === OFS_DELTA) {
      while (p < end && buf[p++]! & 0x80);
    } else if (type === REF_DELTA) {
      p += HASH_BYTES;
    }
    if (declared > limits.maxObjectBytes) throw tooLargeObject(declared, limits);
    let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
    try {
      // At most one byte more than declared: more is a stream that lies about its size.
      inflated = inflateSync(buf.subarray(p, end), { info: true, maxOutputLength: declared + 1 }) as never;
    } catch (err) {
      if (err instanceof RangeError) throw inflatesPast(declared);
      throw new PackRefused('The repository sent a damaged packfile (an object does not inflate)');
    }
    if (inflated.buffer.length !== declared) throw inflatesPast(declared);
    p += inflated.engine.bytesWritten;
    let size = declared;
    if (type === OFS_DELTA || type === REF_DELTA) {
      const [, afterBase] = deltaSize(inflated.buffer, 0);
      [size] = deltaSize(inflated.buffer, afterBase);
      if (size > limits.maxObjectBytes) throw tooLargeObject(size, limits);
    }
    total += size;
    if (total > limits.maxInflatedBytes) {
      throw new PackRefused(
        `The repository's files inflate to more than the ${limits.maxInflatedBytes} bytes a git source may read`,
      );
    }
  }
  return total;
}

const tooLargeObject = (size: number, limits: PackLimits) =>
  new PackRefused(
    `The repository holds an object of ${size} bytes, more than the ${limits.maxObjectBytes} a git source may read`,
  );

const inflatesPast = (declared: number) =>
  new PackRefused(`The repository sent an object that inflates past the ${declared} bytes it declares`);
