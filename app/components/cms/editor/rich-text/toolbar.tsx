/**
 * The editor's toolbar, as the WAI-ARIA toolbar pattern has it: one tab stop (the last button
 * used), arrow keys, Home and End move between buttons, toggles say whether they are on with
 * aria-pressed, and every button has a name and shows its keyboard shortcut in its title.
 */
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "~/lib/utils";

export interface ToolbarItem {
  id: string;
  label: string;
  icon: ReactNode;
  /** Shown in the title, e.g. "Ctrl+B". */
  shortcut?: string;
  /** A toggle: its state, announced as aria-pressed. */
  pressed?: boolean;
  disabled?: boolean;
  run: () => void;
  /** Starts a new group (a separator before it). */
  group?: boolean;
}

export function Toolbar({ label, items, controls }: { label: string; items: ToolbarItem[]; controls?: string }) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = items.map((item, index) => (item.disabled ? -1 : index)).filter((index) => index >= 0);
  const active = enabled.includes(current) ? current : (enabled[0] ?? 0);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const position = enabled.indexOf(active);
    const target = {
      ArrowRight: enabled[(position + 1) % enabled.length],
      ArrowLeft: enabled[(position - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled[enabled.length - 1],
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setCurrent(target);
    buttons.current[target]?.focus();
  }

  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      onKeyDown={move}
      className="flex flex-wrap items-center gap-1 border-b bg-muted/40 p-1"
    >
      {items.map((item, index) => (
        <span key={item.id} className="contents">
          {item.group && index > 0 ? <span aria-hidden="true" className="mx-1 h-6 w-px bg-border" /> : null}
          <button
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            tabIndex={index === active ? 0 : -1}
            aria-label={item.label}
            aria-pressed={item.pressed}
            title={item.shortcut ? `${item.label} (${item.shortcut})` : item.label}
            disabled={item.disabled}
            data-toolbar-item={item.id}
            onFocus={() => setCurrent(index)}
            // Keep the editor's selection: a toolbar click must not take focus from the text first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={item.run}
            className={cn(
              "inline-flex size-11 items-center justify-center rounded-md text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50 sm:size-9 [&_svg]:size-4",
              item.pressed ? "bg-accent text-accent-foreground ring-1 ring-border" : "",
            )}
          >
            {item.icon}
          </button>
        </span>
      ))}
    </div>
  );
}
