import path from 'node:path';
import type { FullConfig, Reporter, Suite, TestCase } from '@playwright/test/reporter';

/**
 * Prints, at the end of the run, every test that needed a retry (CI allows one): its title, its
 * file and line, how it ended and the first line of the error that caused the retry; or "no
 * retries". A retry is a flaky test, and flakiness is a defect to fix, not to hide.
 */
export default class RetryReporter implements Reporter {
  private root?: Suite;

  onBegin(_config: FullConfig, suite: Suite) {
    this.root = suite;
  }

  onEnd() {
    const retried = (this.root?.allTests() ?? []).filter((test) => test.results.length > 1);
    if (retried.length === 0) {
      console.log('\nretries: no retries');
      return;
    }
    console.log(`\nretries: ${retried.length} test${retried.length === 1 ? '' : 's'} needed a retry`);
    for (const test of retried) console.log(describe(test));
  }

  printsToStdio() {
    return true;
  }
}

function describe(test: TestCase): string {
  const file = path.relative(process.cwd(), test.location.file);
  const first = test.results.find((r) => r.status !== 'passed' && r.status !== 'skipped');
  const message = first?.error?.message ?? first?.errors[0]?.message ?? first?.status ?? '';
  // The first line of the error, without the terminal colours.
  const line = message.replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
  const titles = [test.title];
  for (let s = test.parent; s?.type === 'describe'; s = s.parent) titles.unshift(s.title);
  const outcome = test.outcome() === 'flaky' ? 'passed on retry' : 'failed on retry too';
  return `  - ${titles.join(' › ')}\n    ${file}:${test.location.line} (${test.results.length} runs, ${outcome})\n    ${line.trim()}`;
}
