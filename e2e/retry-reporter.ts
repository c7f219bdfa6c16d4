import path from 'node:path';
import type { FullConfig, Reporter, Suite, TestCase } from '@playwright/test/reporter';

/**
 * Prints, at the end of the run, where the time went (the spec files and the tests that took
 * longest, in worker seconds), then every test that needed a retry (CI allows one): its title, its
 * file and line, how it ended and the first line of the error that caused the retry; or "no
 * retries". A retry is a flaky test, and flakiness is a defect to fix, not to hide.
 */
export default class RetryReporter implements Reporter {
  private root?: Suite;

  onBegin(_config: FullConfig, suite: Suite) {
    this.root = suite;
  }

  onEnd() {
    const tests = this.root?.allTests() ?? [];
    printSlowest(tests);
    const retried = tests.filter((test) => test.results.length > 1);
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

const seconds = (test: TestCase) => test.results.reduce((sum, r) => sum + r.duration, 0) / 1000;

function printSlowest(tests: TestCase[]) {
  const ran = tests.filter((t) => t.results.length > 0);
  if (ran.length === 0) return;
  const byFile = new Map<string, { seconds: number; tests: number }>();
  for (const test of ran) {
    const file = path.relative(process.cwd(), test.location.file);
    const entry = byFile.get(file) ?? { seconds: 0, tests: 0 };
    entry.seconds += seconds(test);
    entry.tests++;
    byFile.set(file, entry);
  }
  const total = ran.reduce((sum, t) => sum + seconds(t), 0);
  console.log(`\ntime: ${Math.round(total)} s in tests over all workers; the spec files that took longest:`);
  for (const [file, e] of [...byFile].sort((a, b) => b[1].seconds - a[1].seconds).slice(0, 10)) {
    console.log(`  ${String(Math.round(e.seconds)).padStart(5)} s  ${file} (${e.tests} tests)`);
  }
  console.log('the tests that took longest:');
  for (const test of [...ran].sort((a, b) => seconds(b) - seconds(a)).slice(0, 10)) {
    console.log(`  ${String(Math.round(seconds(test))).padStart(5)} s  ${path.relative(process.cwd(), test.location.file)}:${test.location.line} ${test.title}`);
  }
}

function describe(test: TestCase): string {
  const file = path.relative(process.cwd(), test.location.file);
  const first = test.results.find((r) => r.status !== 'passed' && r.status !== 'skipped');
  const message = first?.error?.message ?? first?.errors[0]?.message ?? first?.status ?? '';
  // The first line of the error, without the terminal colours.
  const line = message.replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
  const titles = [test.title];
  for (let s: Suite | undefined = test.parent; s?.type === 'describe'; s = s.parent) titles.unshift(s.title);
  const outcome = test.outcome() === 'flaky' ? 'passed on retry' : 'failed on retry too';
  return `  - ${titles.join(' › ')}\n    ${file}:${test.location.line} (${test.results.length} runs, ${outcome})\n    ${line.trim()}`;
}
