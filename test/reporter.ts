// mocha reporter: the spec reporter, then one plain closing line, `mocha: N passed, N failed, N skipped`,
// which CI and people read as the suite's tally (mocha's own "N passing" is not a format CI recognises,
// and the fuzzing output of other tools printed above it must not be taken for the suite's result).
// It also writes the line to $KWS_TEST_SUMMARY when set, so .ci/run can print it last. Before the tally it
// prints where the time went: the slowest test files, with their wall-clock seconds (hooks included). With
// $KWS_TEST_TIMES set it writes every file's seconds there instead (as JSON), for scripts/test.sh, which runs
// several mocha processes at once and prints one account for all of them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';

class SpecWithTally extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_RUN_END } = Mocha.Runner.constants;
    const fileSeconds = new Map<string, number>();
    const started = new Map<Mocha.Suite, number>();
    // A file's top-level suites are the root's children; their time is the file's.
    runner.on(EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
      if (suite.parent?.root && suite.file) started.set(suite, Date.now());
    });
    runner.on(EVENT_SUITE_END, (suite: Mocha.Suite) => {
      const start = started.get(suite);
      if (start === undefined || !suite.file) return;
      const file = path.relative(process.cwd(), suite.file);
      fileSeconds.set(file, (fileSeconds.get(file) ?? 0) + (Date.now() - start) / 1000);
    });
    runner.once(EVENT_RUN_END, () => {
      const times = process.env.KWS_TEST_TIMES;
      if (times) writeFileSync(times, `${JSON.stringify(Object.fromEntries(fileSeconds), null, 1)}\n`);
      const slowest = [...fileSeconds].sort((a, b) => b[1] - a[1]).slice(0, 15);
      if (slowest.length > 0 && !times) {
        const total = [...fileSeconds.values()].reduce((a, b) => a + b, 0);
        console.log(`\nwhere the time went: ${total.toFixed(0)} s in ${fileSeconds.size} files; the slowest:`);
        for (const [file, seconds] of slowest) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);
      }
      const stats = runner.stats;
      const line = `mocha: ${stats?.passes ?? 0} passed, ${stats?.failures ?? 0} failed, ${stats?.pending ?? 0} skipped`;
      console.log(line);
      const file = process.env.KWS_TEST_SUMMARY;
      if (file) writeFileSync(file, `${line}\n`);
    });
  }
}

export = SpecWithTally;
