// The agent server's stream is bounded by what one event may hold: an event that never ends (data lines without the
// blank line that closes it) and a tool call whose name never ends are refused, not held in the API's memory until
// the run's timeout (an attacker's read: 90 MB/s of growth, and the shared process out of heap in 15 s).
import assert from 'node:assert/strict';
import { AgentServerError, MAX_EVENT_CHARS, sseData } from '../../../src/services/agent/chatCompletions';

async function* pieces(make: (i: number) => string | undefined) {
  for (let i = 0; ; i += 1) {
    const piece = make(i);
    if (piece === undefined) return;
    yield new TextEncoder().encode(piece);
  }
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<string[]> {
  const out: string[] = [];
  for await (const e of sseData(body)) out.push(e);
  return out;
}

describe('sseData bounds what one event holds', () => {
  it('refuses an event whose data lines never end it, once they pass MAX_EVENT_CHARS', async () => {
    const line = `data: ${'x'.repeat(64 * 1024)}\n`;
    let sent = 0;
    await assert.rejects(
      collect(
        pieces(() => {
          sent += line.length;
          // Far past the bound: the stream itself would go on; the reader must stop it.
          return sent > 50 * MAX_EVENT_CHARS ? undefined : line;
        }),
      ),
      (err: unknown) =>
        err instanceof AgentServerError &&
        err.message === `The agent server sent an event over ${MAX_EVENT_CHARS} characters`,
    );
    assert.ok(sent < 2 * MAX_EVENT_CHARS, `stopped after ${sent} characters`);
  });

  it('keeps events up to the bound, however many there are', async () => {
    const event = `data: ${'y'.repeat(MAX_EVENT_CHARS / 2 - 10)}\ndata: z\n\n`;
    const out = await collect(pieces((i) => (i < 6 ? event : undefined)));
    assert.equal(out.length, 6);
    assert.equal(out[0]!.length, MAX_EVENT_CHARS / 2 - 10 + 2);
  });

  it('keeps an event of exactly MAX_EVENT_CHARS, over several data lines, and refuses one character more', async () => {
    const half = 'h'.repeat(MAX_EVENT_CHARS / 2 - 1);
    // Two lines and the newline between them: exactly the bound.
    const exact = await collect(pieces((i) => (i === 0 ? `data: ${half}\ndata: ${half}x\n\n` : undefined)));
    assert.equal(exact[0]!.length, MAX_EVENT_CHARS);
    await assert.rejects(
      collect(pieces((i) => (i === 0 ? `data: ${half}\ndata: ${half}xy\n\n` : undefined))),
      AgentServerError,
    );
  });

  it('refuses a single line past the bound with no line break', async () => {
    await assert.rejects(
      collect(pieces((i) => (i < 40 ? `data: ${'w'.repeat(50_000)}` : undefined))),
      /event line over 1000000 characters/,
    );
  });
});
