/**
 * A reporter added to the default one (vitest.config.ts): at the end of a run it names the tests and suites
 * skipped because ../shared is absent (their titles say `(skipped: needs ../shared/…, absent)`; see `shared()`
 * in fixtures.ts), so that a run on a bare clone says what it did not check. Prints nothing when none was.
 */
import type { Reporter, TestCase, TestModule, TestSuite } from 'vitest/node';
import { SHARED_SKIP_MARK as REASON } from './fixtures.js';

export default class SharedSkipsReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    const visit = (module: TestModule, node: TestModule | TestSuite): void => {
      for (const child of node.children) {
        if (child.type === 'suite') {
          if (child.state() === 'skipped' && child.name.includes(REASON)) {
            lines.push(`  ${module.relativeModuleId} › ${child.fullName}`);
          } else visit(module, child);
        } else if (isSharedSkip(child)) {
          lines.push(`  ${module.relativeModuleId} › ${child.fullName}`);
        }
      }
    };
    for (const m of modules) visit(m, m);
    if (lines.length === 0) return;
    console.log(
      `\n${lines.length} checks over the shared reference set skipped: it is not beside the clone ` +
        `(test/reference-matches/README.md)\n${lines.join('\n')}\n`,
    );
  }
}

function isSharedSkip(test: TestCase): boolean {
  return test.result().state === 'skipped' && test.name.includes(REASON);
}
