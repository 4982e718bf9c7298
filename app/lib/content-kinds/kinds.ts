/**
 * The declared kinds by the name revisions, schedules and the trash give them, and what those
 * lists, which hold all three kinds, read from the declarations.
 */
import type { RevisionEntityKind } from "../enums";
import type { Permission } from "../auth/permissions";
import { contentItem } from "./content-item";
import { course } from "./course";
import { jobOpening } from "./job-opening";

const KINDS = { content: contentItem, career: jobOpening, course } as const;

/** The permission that changes each kind of item (its editor, its schedule, its trash). */
export const EDIT_PERMISSION_OF_KIND = Object.fromEntries(
  Object.entries(KINDS).map(([name, kind]) => [name, kind.access.edit]),
) as Record<RevisionEntityKind, Permission>;
