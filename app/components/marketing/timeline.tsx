import type { TimelinePhase } from "~/content/types";
import { Icon } from "~/components/ui/icon";

/**
 * The phases of a project in order, each with its duration and whether it is complete; a phase
 * expands to show what was done in it. Built on <details>, so it works before any script loads.
 */
export function Timeline({ phases }: { phases: readonly TimelinePhase[] }) {
  return (
    <ol className="relative space-y-4 border-l-2 border-border pl-8">
      {phases.map((phase, index) => {
        return (
          <li key={phase.title} className="relative">
            <Icon
              name={phase.complete ? "check-circle-2" : "circle-dashed"}
              className={`absolute top-4 -left-[2.6rem] size-5 rounded-full bg-background ${
                phase.complete ? "text-primary" : "text-muted-foreground"
              }`}
            />
            <details className="group rounded-lg border bg-card text-card-foreground" data-complete={phase.complete}>
              <summary className="flex cursor-pointer list-none items-start justify-between gap-4 p-5 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
                <span>
                  <span className="block text-sm text-muted-foreground">
                    Phase {index + 1}
                    {phase.duration ? ` · ${phase.duration}` : ""} · {phase.complete ? "Complete" : "In progress"}
                  </span>
                  <span className="mt-1 block text-lg font-semibold">{phase.title}</span>
                  <span className="mt-1 block leading-7 text-muted-foreground">{phase.description}</span>
                  {/* Full for a finished phase, empty for one still under way (SPEC.md section 4);
                      the words above say the same for screen readers. */}
                  <span aria-hidden="true" className="mt-3 block h-1.5 w-full max-w-xs rounded-full bg-muted">
                    <span
                      className={`block h-full rounded-full bg-primary ${phase.complete ? "w-full" : "w-0"}`}
                      data-progress={phase.complete ? "full" : "empty"}
                    />
                  </span>
                </span>
                <Icon name="chevron-down" className="mt-1 size-5 shrink-0 transition-transform group-open:rotate-180" />
              </summary>
              <ul className="list-disc space-y-1 px-5 pb-5 pl-10 leading-7">
                {phase.activities.map((activity) => (
                  <li key={activity}>{activity}</li>
                ))}
              </ul>
            </details>
          </li>
        );
      })}
    </ol>
  );
}
