import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Files listed at the end of a run, slowest first (issue 26: where the suite's time goes). */
const SLOWEST_SHOWN = 10;

/** A file's time: importing it (its suites' set-up included) and running its tests and hooks. */
const secondsOf = (module: TestModule) => {
  const { collectDuration, duration } = module.diagnostic();
  return (collectDuration + duration) / 1000;
};

/**
 * Prints the slowest files, then the plain closing line "N passed, N failed, N skipped" that CI reads (last).
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed to load has no tests but must still count as a failure.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
    }
    const slowest = [...testModules]
      .sort((a, b) => secondsOf(b) - secondsOf(a))
      .slice(0, SLOWEST_SHOWN)
      .map(
        (module) =>
          `  ${secondsOf(module).toFixed(1).padStart(7)} s  ${relative(process.cwd(), module.moduleId)}`,
      );
    if (slowest.length > 1) console.log(`\nslowest files:\n${slowest.join('\n')}`);
    console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
