// Shutdown on signals: one clean shutdown for a Ctrl-C that arrives twice (the terminal's and npm's), a forced exit
// for a second Ctrl-C.
import assert from 'node:assert/strict';
import { SIGNAL_ECHO_MS, shutdownHandler } from '../../../src/main/lifecycle';

describe('shutdown signals', () => {
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

  function harness() {
    let clock = 0;
    const exits: number[] = [];
    const shutdowns: string[] = [];
    let finish: () => void = () => undefined;
    const handler = shutdownHandler(
      quiet,
      (signal) => {
        shutdowns.push(signal);
        return new Promise<void>((resolve) => (finish = resolve));
      },
      { exit: (code) => void exits.push(code), now: () => clock },
    );
    return { handler, exits, shutdowns, finish: () => finish(), tick: (ms: number) => (clock += ms) };
  }

  it('shuts down once, cleanly, when npm forwards the Ctrl-C the terminal already sent', async () => {
    const h = harness();
    h.handler('SIGINT');
    h.tick(3);
    h.handler('SIGINT');
    assert.deepEqual(h.shutdowns, ['SIGINT']);
    assert.deepEqual(h.exits, []);
    h.finish();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(h.exits, [0]);
  });

  it('exits at once on a second Ctrl-C, or on another signal, during the shutdown', () => {
    const later = harness();
    later.handler('SIGINT');
    later.tick(SIGNAL_ECHO_MS);
    later.handler('SIGINT');
    assert.deepEqual(later.exits, [130]);
    const thrice = harness();
    thrice.handler('SIGINT');
    thrice.handler('SIGINT');
    assert.deepEqual(thrice.exits, [], 'one echo is ignored');
    thrice.handler('SIGINT');
    assert.deepEqual(thrice.exits, [130], 'a third Ctrl-C, however soon, is the user insisting');
    const other = harness();
    other.handler('SIGINT');
    other.tick(1);
    other.handler('SIGTERM');
    assert.deepEqual(other.exits, [130]);
    assert.deepEqual(other.shutdowns, ['SIGINT']);
  });
});
