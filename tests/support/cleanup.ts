/**
 * The guarantee that nothing a harness run starts or creates (servers, Chrome, a private
 * PostgreSQL, temporary directories) outlives it: every start registers its undo step with
 * `onCleanup`, and `cleanUp()` runs them newest first, once, however the run ends (normal end,
 * failure, Ctrl-C). `runCleanly` wires a harness's `main` to it. Used by `npm run bench` and
 * `npm run test:resilience`.
 */

export type CleanupStep = () => unknown;

const cleanups: CleanupStep[] = [];
let cleaningUp: Promise<void> | undefined;
/** Set on SIGINT or SIGTERM: the errors that follow (a child gone mid-run) are expected, not worth printing. */
let interrupted = false;

/** Registers an undo step, run at the end of the run after every step registered later. */
export function onCleanup(step: CleanupStep): void {
  cleanups.push(step);
}

/** Runs every undo step once, even when called again (a signal during the clean-up). */
export function cleanUp(): Promise<void> {
  cleaningUp ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error("clean-up step failed:", error);
      }
    }
  })();
  return cleaningUp;
}

/** Whether the run was stopped by a signal, so a failure that follows is the stop's doing. */
export function wasInterrupted(): boolean {
  return interrupted;
}

/**
 * Runs `main`, cleans up, and exits with the code it resolved with, or 1 when it threw (printing
 * `describeError(error)`). SIGINT or SIGTERM prints `\n<signal>: <stopping>`, cleans up and exits
 * 130 or 143.
 */
export function runCleanly(
  main: () => Promise<number>,
  { stopping, describeError }: { stopping: string; describeError: (error: unknown) => unknown },
): void {
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.on(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: ${stopping}`);
      void cleanUp().finally(() => process.exit(code));
    });
  }
  main().then(
    async (code) => {
      await cleanUp();
      process.exit(code);
    },
    async (error: unknown) => {
      if (interrupted) return; // the signal handler cleans up and exits
      console.error(describeError(error));
      await cleanUp();
      process.exit(1);
    },
  );
}
