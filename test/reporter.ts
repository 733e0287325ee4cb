// mocha reporter: the spec reporter, then one plain closing line, `mocha: N passed, N failed, N skipped`,
// which CI and people read as the suite's tally (mocha's own "N passing" is not a format CI recognises,
// and the fuzzing output of other tools printed above it must not be taken for the suite's result).
// It also writes the line to $KWS_TEST_SUMMARY when set, so .ci/run can print it last.
import { writeFileSync } from 'node:fs';
import Mocha from 'mocha';

class SpecWithTally extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const stats = runner.stats;
      const line = `mocha: ${stats?.passes ?? 0} passed, ${stats?.failures ?? 0} failed, ${stats?.pending ?? 0} skipped`;
      console.log(line);
      const file = process.env.KWS_TEST_SUMMARY;
      if (file) writeFileSync(file, `${line}\n`);
    });
  }
}

export = SpecWithTally;
