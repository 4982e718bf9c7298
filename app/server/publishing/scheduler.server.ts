/**
 * The loop that carries out due scheduled publications and unpublications, started by
 * startServices beside the mail delivery loop. Every instance may run it: the claim in
 * scheduled-actions.server.ts makes exactly one carry out each action. The interval is
 * SCHEDULER_INTERVAL_MS (15 s by default; browser tests use about 1 s).
 */
import { careerScheduledHandlers } from "../careers/careers.server";
import { courseScheduledHandlers } from "../commerce/courses.server";
import { contentScheduledHandlers } from "../content/content-publishing.server";
import type { Database } from "../platform/db/db.server";
import { logger } from "../platform/logger.server";
import { runDueScheduledActions, type ScheduledActionHandlers } from "./scheduled-actions.server";

/** Every kind of item the scheduler can publish and unpublish. */
export const scheduledHandlers: ScheduledActionHandlers = {
  ...contentScheduledHandlers,
  ...careerScheduledHandlers,
  ...courseScheduledHandlers,
};

interface SchedulerLoop {
  run: () => Promise<void>;
  stop: () => Promise<void>;
}

// On globalThis, so that a development hot reload (which evaluates modules again) finds the loop.
const loopState = globalThis as typeof globalThis & { __publishingScheduler?: SchedulerLoop };

/** Starts carrying out due actions every `intervalMs` and at once; runs never overlap in one process. */
export function startScheduler(options: {
  getDb: () => Promise<Database>;
  intervalMs: number;
  /** The clock; the database's by default (tests pass their own). */
  now?: () => Date;
}): void {
  if (loopState.__publishingScheduler) return;
  let stopped = false;
  let running: Promise<void> | undefined;
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= (async () => {
      try {
        const result = await runDueScheduledActions(await options.getDb(), scheduledHandlers, {
          ...(options.now ? { now: options.now() } : {}),
        });
        if (result.done + result.failed > 0) logger.info(result, "carried out scheduled actions");
      } catch (error) {
        logger.error({ err: error }, "scheduled actions run failed");
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(run, options.intervalMs);
  // The loop alone must not keep the process alive.
  timer.unref();
  loopState.__publishingScheduler = {
    run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
  void run();
}

/** Stops the loop after the run in hand; safe to call when it never started. */
export async function stopScheduler(): Promise<void> {
  const loop = loopState.__publishingScheduler;
  loopState.__publishingScheduler = undefined;
  await loop?.stop();
}
