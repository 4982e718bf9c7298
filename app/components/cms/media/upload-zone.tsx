import { UploadIcon } from "lucide-react";
import { useId, useState, type DragEvent } from "react";
import { cn } from "~/lib/utils";
import { useCsrfToken } from "../kit/csrf-input";
import { uploadImage } from "./upload-image";

interface UploadRow {
  key: string;
  name: string;
  progress: number;
  state: "uploading" | "done" | "failed";
  message: string;
}

export const ACCEPTED_FILES = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/**
 * Where images enter the library: dropped on the zone, or chosen with the file field (the way for
 * keyboard and screen-reader users). Each file is sent on its own, one after another, with its
 * own progress bar and result; the server decides by content what is accepted.
 */
export function UploadZone({ onUploaded }: { onUploaded: () => void }) {
  const csrf = useCsrfToken();
  const inputId = useId();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [dragging, setDragging] = useState(false);

  const update = (key: string, change: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  async function send(files: readonly File[]) {
    const batch = files.map((file, index) => ({
      key: `${Date.now()}-${index}-${file.name}`,
      name: file.name,
      progress: 0,
      state: "uploading" as const,
      message: "Uploading",
    }));
    setRows((current) => [...batch, ...current].slice(0, 20));
    let anyDone = false;
    for (const [index, file] of files.entries()) {
      const row = batch[index]!;
      const answer = await uploadImage(file, csrf, { onProgress: (progress) => update(row.key, { progress }) });
      if (answer.ok) {
        anyDone = true;
        update(row.key, { state: "done", progress: 1, message: "Uploaded: add its alt text below" });
      } else {
        update(row.key, { state: "failed", message: answer.error });
      }
    }
    if (anyDone) onUploaded();
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) void send(files);
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="grid gap-3">
      <h3 id={`${inputId}-title`} className="sr-only">
        Upload images
      </h3>
      <div
        data-testid="media-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-6 text-center",
          dragging ? "border-primary bg-primary/5" : "border-input bg-card",
        )}
      >
        <UploadIcon aria-hidden="true" className="size-6 text-muted-foreground" />
        <p className="text-sm">Drop JPEG, PNG, WebP, AVIF or GIF images here (up to 10 MB each), or</p>
        <label className="cursor-pointer rounded-md border border-input bg-background px-4 py-2 text-sm font-medium focus-within:ring-2 focus-within:ring-ring hover:bg-accent">
          Choose images
          <input
            type="file"
            multiple
            accept={ACCEPTED_FILES}
            className="sr-only"
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = "";
              if (files.length > 0) void send(files);
            }}
          />
        </label>
      </div>
      {rows.length > 0 ? (
        <ul aria-label="Uploads" className="grid gap-2" data-testid="upload-results">
          {rows.map((row) => (
            <li key={row.key} className="grid gap-1 rounded-md border bg-card p-3 text-sm">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-medium break-all">{row.name}</span>
                <span
                  role={row.state === "failed" ? "alert" : "status"}
                  className={row.state === "failed" ? "text-destructive" : "text-muted-foreground"}
                >
                  {row.message}
                </span>
              </div>
              <progress className="h-2 w-full" max={1} value={row.progress} aria-label={`Upload of ${row.name}`} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
