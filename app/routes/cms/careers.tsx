import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { data, useFetcher, useLoaderData } from "react-router";
import { ConfirmForm } from "~/components/cms/confirm-form";
import { CsrfInput } from "~/components/cms/csrf-input";
import { DataTable } from "~/components/cms/data-table";
import { useCloseOnSuccess } from "~/components/cms/use-close-on-success";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { SelectField, TextareaField, TextField } from "~/components/ui/form-field";
import { Label } from "~/components/ui/input";
import { Switch } from "~/components/ui/switch";
import { CAREER_TYPES } from "~/lib/enums";
import { fieldErrors } from "~/lib/schemas/auth";
import { CAREER_LIMITS, careerFormSchema, careerIdSchema, requirementsToText } from "~/lib/schemas/careers";
import { recordAudit } from "~/server/platform/audit.server";
import { requireAdmin, requireAdminForm } from "~/server/auth/guards.server";
import { createCareer, deleteCareer, listCareers, updateCareer } from "~/server/careers/careers.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { dataWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/careers";

export const meta: Route.MetaFunction = () => [{ title: "Careers | CMS" }];

const FETCH_FAILED = "Failed to fetch careers";
const SAVE_FAILED = "Failed to save career";
const DELETE_FAILED = "Failed to delete career";

/** Every career, newest first; a failure to read them is shown as the list's error state. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { careers: await listCareers(await getDb()), error: null };
  } catch (error) {
    logger.error({ err: error }, "could not list careers");
    return { careers: [], error: FETCH_FAILED };
  }
}

type ActionResult = { ok: boolean; errors?: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  const { current, form } = await requireAdminForm(request);
  const actor = current.user;
  const values = Object.fromEntries(form);
  const intent = form.get("intent");
  const failed = (description: string, status: number) =>
    dataWithToast<ActionResult>({ ok: false }, { type: "error", description }, { status });
  const done = (description: string) => dataWithToast<ActionResult>({ ok: true }, { type: "success", description });

  if (intent === "create" || intent === "update") {
    const parsed = careerFormSchema.safeParse(values);
    if (!parsed.success) return data<ActionResult>({ ok: false, errors: fieldErrors(parsed.error) }, { status: 400 });
    try {
      const db = await getDb();
      if (intent === "create") {
        const career = await createCareer(db, parsed.data);
        await recordAudit(db, actor, "career.create", "careers", career.id, { title: career.title });
        return done("Career created successfully");
      }
      const id = careerIdSchema.safeParse(values);
      const career = id.success ? await updateCareer(db, id.data.id, parsed.data) : undefined;
      if (!career) return failed(SAVE_FAILED, 404);
      await recordAudit(db, actor, "career.update", "careers", career.id, {
        title: career.title,
        isActive: career.isActive,
      });
      return done("Career updated successfully");
    } catch (error) {
      logger.error({ err: error, intent }, "could not save a career");
      return failed(SAVE_FAILED, 500);
    }
  }

  if (intent === "delete") {
    const id = careerIdSchema.safeParse(values);
    try {
      const db = await getDb();
      const deleted = id.success ? await deleteCareer(db, id.data.id) : false;
      if (!id.success || !deleted) return failed(DELETE_FAILED, 404);
      await recordAudit(db, actor, "career.delete", "careers", id.data.id);
      return done("Career deleted successfully");
    } catch (error) {
      logger.error({ err: error }, "could not delete a career");
      return failed(DELETE_FAILED, 500);
    }
  }

  return data<ActionResult>({ ok: false, errors: { form: "Unknown action." } }, { status: 400 });
}

type CareerItem = Awaited<ReturnType<typeof loader>>["careers"][number];

/** Which dialog is open: none, a new career, or an existing one. */
type Editing = { mode: "closed" } | { mode: "create" } | { mode: "edit"; career: CareerItem };

export default function CareersTab() {
  const { careers, error } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<Editing>({ mode: "closed" });
  // The dialog has no trigger of its own, so focus goes back by hand to the button that opened it.
  const opener = useRef<HTMLElement | null>(null);
  const open = (next: Editing) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setEditing(next);
  };
  const close = () => setEditing({ mode: "closed" });
  return (
    <section className="rounded-lg border bg-card p-6" aria-labelledby="careers-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="careers-heading" className="text-lg font-semibold">
          Careers Management
        </h2>
        <Button type="button" onClick={() => open({ mode: "create" })}>
          <PlusIcon aria-hidden="true" />
          Add New Career
        </Button>
      </div>
      <DataTable
        columns={["Title", "Department", "Location", "Type", "Status"]}
        error={error}
        empty={careers.length === 0}
        emptyMessage="No careers found. Create your first career posting."
      >
        {careers.map((career) => (
          <tr key={career.id} className="border-b align-middle last:border-0">
            <td className="py-3 pr-4 font-medium">{career.title}</td>
            <td className="py-3 pr-4">{career.department}</td>
            <td className="py-3 pr-4">{career.location}</td>
            <td className="py-3 pr-4">{career.type}</td>
            <td className="py-3 pr-4">
              <Badge tone={career.isActive ? "green" : "gray"}>{career.isActive ? "Active" : "Inactive"}</Badge>
            </td>
            <td className="py-3">
              <div className="flex justify-end gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Edit ${career.title}`}
                  onClick={() => open({ mode: "edit", career })}
                >
                  <PencilIcon aria-hidden="true" />
                </Button>
                <ConfirmForm
                  fields={{ intent: "delete", id: career.id }}
                  question="Are you sure you want to delete this career?"
                  buttonLabel={`Delete ${career.title}`}
                >
                  <Trash2Icon aria-hidden="true" />
                </ConfirmForm>
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <Dialog open={editing.mode !== "closed"} onOpenChange={(isOpen) => (isOpen ? undefined : close())}>
        {editing.mode === "closed" ? null : (
          <DialogContent
            onCloseAutoFocus={(event) => {
              if (!opener.current?.isConnected) return;
              event.preventDefault();
              opener.current.focus();
            }}
          >
            <CareerForm career={editing.mode === "edit" ? editing.career : null} onSaved={close} />
          </DialogContent>
        )}
      </Dialog>
    </section>
  );
}

/** The add/edit form inside the dialog; it has its own fetcher, so each opening starts afresh. */
function CareerForm({ career, onSaved }: { career: CareerItem | null; onSaved: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const id = useId();
  const [active, setActive] = useState(career?.isActive ?? true);
  const errors: Record<string, string> = fetcher.data?.errors ?? {};
  const busy = fetcher.state !== "idle";
  useCloseOnSuccess(fetcher, onSaved);

  const field = (name: string) => ({ id: `${id}-${name}`, name, error: errors[name] });

  return (
    <>
      <DialogTitle>{career ? "Edit Career" : "Add New Career"}</DialogTitle>
      <DialogDescription>
        {career
          ? "Change this job opening and save it."
          : "Describe the job opening; only the title must be filled in."}
      </DialogDescription>
      <fetcher.Form method="post" className="grid gap-4" noValidate>
        <CsrfInput />
        <input type="hidden" name="intent" value={career ? "update" : "create"} />
        {career ? <input type="hidden" name="id" value={career.id} /> : null}
        <TextField
          {...field("title")}
          label="Title"
          defaultValue={career?.title ?? ""}
          maxLength={CAREER_LIMITS.title}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...field("department")}
            label="Department"
            defaultValue={career?.department ?? ""}
            maxLength={CAREER_LIMITS.department}
          />
          <TextField
            {...field("location")}
            label="Location"
            defaultValue={career?.location ?? ""}
            maxLength={CAREER_LIMITS.location}
          />
          <SelectField
            {...field("type")}
            label="Type"
            defaultValue={career?.type ?? "Full-time"}
            options={CAREER_TYPES}
          />
          <TextField
            {...field("experience")}
            label="Experience"
            defaultValue={career?.experience ?? ""}
            placeholder="3+ years"
            maxLength={CAREER_LIMITS.experience}
          />
        </div>
        <TextareaField
          {...field("description")}
          label="Description"
          rows={4}
          defaultValue={career?.description ?? ""}
          maxLength={CAREER_LIMITS.description}
        />
        <TextareaField
          {...field("requirements")}
          label="Requirements (one per line)"
          rows={5}
          defaultValue={requirementsToText(career?.requirements)}
          maxLength={CAREER_LIMITS.requirementsText}
        />
        <div className="flex items-center gap-3">
          <Switch id={`${id}-active`} checked={active} onCheckedChange={setActive} />
          <Label htmlFor={`${id}-active`}>Active</Label>
          <input type="hidden" name="isActive" value={active ? "true" : "false"} />
        </div>
        {errors.form ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.form}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : career ? "Update" : "Create"}
          </Button>
        </div>
      </fetcher.Form>
    </>
  );
}
