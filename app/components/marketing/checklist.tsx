import { Icon } from "~/components/ui/icon";

/** A list of what a service includes or brings, each item ticked. */
export function Checklist({ items }: { items: readonly string[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <Icon name="check-circle" className="mt-0.5 size-5 shrink-0 text-primary" />
          <span className="leading-7">{item}</span>
        </li>
      ))}
    </ul>
  );
}
