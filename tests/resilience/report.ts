/**
 * What `npm run test:resilience` prints: one line per check, PASS or FAIL, with the figures it
 * measured and, on a failure, every reason. A check that throws fails with the error's message.
 */

export interface CheckOutcome {
  name: string;
  passed: boolean;
  figures: string[];
  problems: string[];
  seconds: number;
}

/** What a check's body records: figures to print and conditions that must hold. */
export interface CheckRecorder {
  /** A measured figure, printed under the check whatever its outcome. */
  figure(label: string, value: string | number): void;
  /** Records a failure with `problem` unless `condition` holds; returns `condition`. */
  expect(condition: boolean, problem: string): boolean;
}

export class ResilienceReport {
  readonly outcomes: CheckOutcome[] = [];

  async check(name: string, body: (recorder: CheckRecorder) => Promise<void>): Promise<CheckOutcome> {
    const outcome: CheckOutcome = { name, passed: true, figures: [], problems: [], seconds: 0 };
    const started = performance.now();
    const recorder: CheckRecorder = {
      figure: (label, value) => outcome.figures.push(`${label}: ${value}`),
      expect: (condition, problem) => {
        if (!condition) outcome.problems.push(problem);
        return condition;
      },
    };
    try {
      await body(recorder);
    } catch (error) {
      outcome.problems.push(error instanceof Error ? error.message : String(error));
    }
    outcome.passed = outcome.problems.length === 0;
    outcome.seconds = (performance.now() - started) / 1000;
    this.outcomes.push(outcome);
    printOutcome(outcome);
    return outcome;
  }

  get failed(): number {
    return this.outcomes.filter((outcome) => !outcome.passed).length;
  }
}

function printOutcome(outcome: CheckOutcome): void {
  console.log(`${outcome.passed ? "PASS" : "FAIL"}  ${outcome.name}  (${outcome.seconds.toFixed(1)} s)`);
  for (const figure of outcome.figures) console.log(`        ${figure}`);
  for (const problem of outcome.problems) console.log(`      ✖ ${problem}`);
}

/** A duration in milliseconds as people read it. */
export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/** The value below which `fraction` of `values` fall (nearest rank); 0 for none. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))]!;
}
