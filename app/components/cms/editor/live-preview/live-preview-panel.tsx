/**
 * The content editor's live preview: the UNSAVED form as the public page will show it,
 * beside the form (above it on narrow screens), following what is typed a moment after each change,
 * at a phone's width (375 px) or a desktop's (1280 px, scaled down to fit the panel).
 *
 * The page comes from the server (POST /cms/content/live-preview), which puts the form through the
 * same steps as a save and the public page, so what is shown is what would be published. It is a
 * real document in an <iframe>, because only a frame of that width makes the site's media queries
 * (its phone layout) apply.
 *
 * Each update loads into a NEW frame, posted by a plain form aimed at it, and replaces the shown
 * one once loaded: a frame's first navigation replaces its blank page instead of adding a step to
 * the browser's history (so Back still leaves the editor, and asks first), and the page never
 * flashes blank while the next one loads. The reader's scroll position is carried over.
 */
import { MonitorIcon, SmartphoneIcon, XIcon } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from "react";
import { FORM_CHANGED_EVENT } from "~/components/cms/editor/local-draft/use-local-draft";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

export const LIVE_PREVIEW_ADDRESS = "/cms/content/live-preview";

export const PREVIEW_WIDTHS = { phone: 375, desktop: 1280 } as const;
type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

/** Long enough not to render at every keystroke, short enough to feel live. */
const UPDATE_DELAY_MS = 500;
/** Fields of the request, not of the page. */
const SKIPPED_FIELDS = new Set(["intent"]);

/** How large the frame's area is, to scale a desktop-wide page down into it. */
function useElementSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) =>
      setSize({ width: entry?.contentRect.width ?? 0, height: entry?.contentRect.height ?? 0 }),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

export function LivePreviewPanel({
  id,
  formRef,
  itemId,
  onClose,
}: {
  /** The panel's id (the toggle's aria-controls). */
  id: string;
  /** The editor's form: what it would post is what is previewed. */
  formRef: RefObject<HTMLFormElement | null>;
  itemId: string | null;
  onClose: () => void;
}) {
  const frameId = useId();
  const [width, setWidth] = useState<PreviewWidth>("desktop");
  // The frames on the page, oldest first: the one shown, and the newest, still loading.
  const [frames, setFrames] = useState<number[]>([]);
  const [shown, setShown] = useState<number | null>(null);
  const shownRef = useRef<number | null>(null);
  const nextFrame = useRef(0);
  const posted = useRef(new Set<number>());
  const postForm = useRef<HTMLFormElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const frameElements = useRef(new Map<number, HTMLIFrameElement>());
  const areaSize = useElementSize(area);
  const frameName = (key: number) => `${frameId}-frame-${key}`;

  /** Asks for a fresh page: a new frame, posted to once it is on the page. */
  const update = useCallback(() => {
    const key = nextFrame.current++;
    // A frame still loading an older version is dropped: only the newest matters.
    setFrames((list) => [...list.filter((frame) => frame === shownRef.current), key]);
  }, []);

  // The first page at once, then again a moment after each change to the form.
  useEffect(() => {
    update();
    const form = formRef.current;
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      clearTimeout(timer);
      timer = setTimeout(update, UPDATE_DELAY_MS);
    };
    const events = ["input", "change", FORM_CHANGED_EVENT];
    for (const type of events) form.addEventListener(type, changed);
    // The page follows the CMS's theme when it is switched.
    const themeWatch = new MutationObserver(update);
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    return () => {
      clearTimeout(timer);
      themeWatch.disconnect();
      for (const type of events) form.removeEventListener(type, changed);
    };
  }, [formRef, update]);

  // A new frame is on the page: post the form into it.
  useEffect(() => {
    const newest = frames.at(-1);
    const form = formRef.current;
    const target = postForm.current;
    if (newest === undefined || posted.current.has(newest) || !form || !target) return;
    posted.current.add(newest);
    postPreview(target, previewFields(form, itemId), frameName(newest));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- frameName only reads the stable frameId
  }, [frames, formRef, itemId]);

  function loaded(key: number) {
    const frame = frameElements.current.get(key);
    // The blank page a new frame starts with is not the preview.
    if (!frame || frame.contentDocument?.URL === "about:blank" || !posted.current.has(key)) return;
    const previous = shownRef.current === null ? undefined : frameElements.current.get(shownRef.current);
    const scrollY = previous?.contentWindow?.scrollY ?? 0;
    if (scrollY) frame.contentWindow?.scrollTo(0, scrollY);
    shownRef.current = key;
    setShown(key);
    setFrames((list) => list.filter((other) => other >= key));
  }

  const pixels = PREVIEW_WIDTHS[width];
  const scale = areaSize.width > 0 ? Math.min(1, areaSize.width / pixels) : 1;
  const updating = frames.some((key) => key !== shown);

  return (
    <aside
      id={id}
      aria-label="Live preview"
      className="order-first flex h-[75dvh] min-w-0 flex-col overflow-hidden rounded-lg border bg-background xl:sticky xl:top-4 xl:order-none xl:h-[calc(100dvh-2rem)]"
    >
      <PreviewToolbar updating={updating} width={width} onWidth={setWidth} onClose={onClose} />
      <div ref={area} className="relative min-h-0 flex-1 overflow-hidden bg-muted">
        {frames.map((key) => (
          <iframe
            key={key}
            ref={(element) => {
              if (element) frameElements.current.set(key, element);
              else frameElements.current.delete(key);
            }}
            name={frameName(key)}
            title={key === shown ? "Live preview of the page" : "Live preview, updating"}
            aria-hidden={key === shown ? undefined : true}
            tabIndex={key === shown ? undefined : -1}
            data-testid={key === shown ? "live-preview-frame" : undefined}
            onLoad={() => loaded(key)}
            className={cn("absolute top-0 border-0 bg-background", key !== shown && "invisible")}
            style={{
              width: pixels,
              height: areaSize.height > 0 ? areaSize.height / scale : "100%",
              left: Math.max(0, (areaSize.width - pixels * scale) / 2),
              transform: scale < 1 ? `scale(${scale})` : undefined,
              transformOrigin: "top left",
            }}
          />
        ))}
      </div>
      {/* Filled with the editor's fields at each update (outside the editor's form: forms cannot nest). */}
      <form ref={postForm} method="post" action={LIVE_PREVIEW_ADDRESS} hidden aria-hidden="true" />
    </aside>
  );
}

/** What the editor's form would post, without the request's own fields, plus the item and the CMS's theme. */
function previewFields(form: HTMLFormElement, itemId: string | null): [string, string][] {
  const fields: [string, string][] = [];
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string" && !SKIPPED_FIELDS.has(name)) fields.push([name, value]);
  }
  fields.push(["id", itemId ?? "new"]);
  fields.push(["theme", document.documentElement.classList.contains("dark") ? "dark" : "light"]);
  return fields;
}

/** Posts the fields into the named frame through the panel's own hidden form. */
function postPreview(target: HTMLFormElement, fields: [string, string][], frameName: string) {
  target.replaceChildren(
    ...fields.map(([name, value]) => {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      return input;
    }),
  );
  target.target = frameName;
  // A plain submission: not React Router's, and no submit event for the page's form guards.
  target.submit();
}

/** The panel's title and status, the width buttons, and Close. */
function PreviewToolbar({
  updating,
  width,
  onWidth,
  onClose,
}: {
  updating: boolean;
  width: PreviewWidth;
  onWidth: (width: PreviewWidth) => void;
  onClose: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b bg-card px-3 py-2">
      <div className="grid">
        <h3 className="text-sm font-semibold">Live preview</h3>
        <p className="text-xs text-muted-foreground" data-testid="live-preview-status">
          {updating ? "Updating..." : "Your unsaved changes, as the public page will show them."}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <div role="group" aria-label="Preview width" className="flex gap-1">
          <Button
            type="button"
            size="sm"
            variant={width === "phone" ? "default" : "outline"}
            aria-pressed={width === "phone"}
            onClick={() => onWidth("phone")}
          >
            <SmartphoneIcon aria-hidden="true" />
            Phone
          </Button>
          <Button
            type="button"
            size="sm"
            variant={width === "desktop" ? "default" : "outline"}
            aria-pressed={width === "desktop"}
            onClick={() => onWidth("desktop")}
          >
            <MonitorIcon aria-hidden="true" />
            Desktop
          </Button>
        </div>
        <Button type="button" size="icon" variant="ghost" aria-label="Close the live preview" onClick={onClose}>
          <XIcon aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
