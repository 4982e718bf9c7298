import { useState, type CSSProperties, type KeyboardEvent, type MouseEvent, type SyntheticEvent } from "react";

const STEP = 0.05;
const clamp = (value: number) => Math.min(1, Math.max(0, Math.round(value * 1000) / 1000));
const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * The focal point (the subject that every crop keeps): click the image, or focus it and move the
 * point with the arrow keys (Shift for bigger steps). The value travels in the hidden fields
 * `focalX` and `focalY` of the surrounding form.
 */
export function FocalPointPicker({
  src,
  width,
  height,
  initial,
}: {
  src: string;
  width: number;
  height: number;
  initial: { x: number; y: number };
}) {
  const [point, setPointState] = useState(initial);
  // The hidden fields change from script, which fires no event: the form is told, as a field
  // would tell it, so that leaving with the point moved and unsaved asks first (use-unsaved-changes.ts).
  const setPoint = (event: SyntheticEvent<HTMLButtonElement>, next: (current: typeof point) => typeof point) => {
    setPointState(next);
    event.currentTarget.dispatchEvent(new Event("change", { bubbles: true }));
  };
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    // A click from the keyboard (Enter, Space) has no position: it leaves the point where it is.
    if (event.detail === 0 || box.width === 0 || box.height === 0) return;
    const clicked = {
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    };
    setPoint(event, () => clicked);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? STEP * 4 : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    setPoint(event, (current) => ({ x: clamp(current.x + move[0]), y: clamp(current.y + move[1]) }));
  };
  const description = `Focal point: ${percent(point.x)} across, ${percent(point.y)} down`;
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium" id="focal-point-label">
        Focal point
      </p>
      <button
        type="button"
        onClick={onClick}
        onKeyDown={onKeyDown}
        aria-labelledby="focal-point-label"
        aria-describedby="focal-point-value focal-point-hint"
        data-testid="focal-point"
        className="relative block w-full max-w-md cursor-crosshair overflow-hidden rounded-md border focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <img src={src} alt="" width={width} height={height} className="block h-auto w-full" />
        <span
          aria-hidden="true"
          className="absolute top-(--focal-y) left-(--focal-x) size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary/70 shadow"
          style={{ "--focal-x": percent(point.x), "--focal-y": percent(point.y) } as CSSProperties}
        />
      </button>
      <p id="focal-point-value" aria-live="polite" className="text-sm text-muted-foreground">
        {description}
      </p>
      <p id="focal-point-hint" className="text-xs text-muted-foreground">
        Click the subject of the picture, or focus the picture and use the arrow keys. Crops (the social card) keep this
        point in view.
      </p>
      <input type="hidden" name="focalX" value={point.x} />
      <input type="hidden" name="focalY" value={point.y} />
    </div>
  );
}
