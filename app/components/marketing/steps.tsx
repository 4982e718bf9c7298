import type { Step } from "~/content/types";

/** A numbered process, e.g. Discovery, Planning, Implementation, Support. */
export function Steps({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li key={step.title} className="rounded-lg border bg-card p-6 text-card-foreground">
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
          >
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold">
            <span className="sr-only">Step {index + 1}: </span>
            {step.title}
          </h3>
          {step.duration ? <p className="text-sm font-medium text-primary">{step.duration}</p> : null}
          <p className="mt-2 leading-7 text-muted-foreground">{step.description}</p>
        </li>
      ))}
    </ol>
  );
}
