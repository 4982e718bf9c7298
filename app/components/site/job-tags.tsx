import { cx } from "~/lib/class-names";

/** An opening's department, type and experience, as tags (the careers list and the job's page). */
export function JobTags({
  job,
  className,
}: {
  job: { department: string; type: string; experience: string };
  className?: string;
}) {
  return (
    <p className={cx("flex flex-wrap gap-2 text-sm", className)}>
      {job.department ? (
        <span className="rounded-full bg-accent px-3 py-1 font-medium text-accent-foreground">{job.department}</span>
      ) : null}
      <span className="rounded-full border px-3 py-1">{job.type}</span>
      {job.experience ? <span className="rounded-full border px-3 py-1">{job.experience}</span> : null}
    </p>
  );
}
