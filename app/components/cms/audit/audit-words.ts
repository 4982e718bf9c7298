/**
 * The audit log in words: "ann@example.com published the page “Pricing”". The log stores
 * machine names (action "content.publish", table "content"); this module is the one place that
 * turns them into a sentence, for the history view and its CSV export alike. An action it does not
 * know still reads sensibly ("did content.archive on the page “Pricing”").
 */

/** The kinds of record the history can be filtered by, and the tables (audit `entity`) each covers. */
export const AUDIT_KINDS = {
  content: { label: "Pages and posts", noun: "the page", entities: ["content"] },
  careers: { label: "Job openings", noun: "the job opening", entities: ["careers", "career"] },
  courses: { label: "Courses", noun: "the course", entities: ["training_courses", "course"] },
  blocks: { label: "Content blocks", noun: "the content block", entities: ["content_blocks"] },
  settings: { label: "Site settings", noun: "the setting", entities: ["site_settings"] },
  media: { label: "Media", noun: "the image", entities: ["media"] },
  redirects: { label: "Redirects", noun: "the redirect", entities: ["redirects"] },
  submissions: { label: "Contact submissions", noun: "the submission", entities: ["contact_submissions"] },
  orders: { label: "Orders", noun: "the order", entities: ["orders"] },
  assistant: { label: "Assistant questions", noun: "the question", entities: ["unanswered_questions"] },
  users: { label: "Users", noun: "the user", entities: ["users"] },
} as const;

export type AuditKind = keyof typeof AUDIT_KINDS;

export function isAuditKind(value: unknown): value is AuditKind {
  return typeof value === "string" && Object.hasOwn(AUDIT_KINDS, value);
}

/** The kind a table belongs to, for its noun and label. */
export function kindOfEntity(entity: string): AuditKind | null {
  for (const [kind, { entities }] of Object.entries(AUDIT_KINDS)) {
    if ((entities as readonly string[]).includes(entity)) return kind as AuditKind;
  }
  return null;
}

/** What each verb of an action name ("content.<verb>") reads as. */
const VERBS: Record<string, string> = {
  create: "created",
  update: "updated",
  delete: "deleted",
  publish: "published",
  unpublish: "unpublished",
  activate: "activated",
  deactivate: "deactivated",
  restore: "restored",
  restore_revision: "restored an earlier version of",
  schedule: "scheduled",
  schedule_cancel: "cancelled the schedule of",
  schedule_failed: "could not carry out the schedule of",
  reorder: "reordered",
  upload: "uploaded",
  replace: "replaced the file of",
  role: "changed the role of",
  password_reset: "reset the password of",
  status: "changed the status of",
  dismiss: "dismissed",
  dismiss_all: "dismissed every question",
};

/** The details' field that names the record, in order of preference. */
const NAME_FIELDS = ["title", "name", "settingKey", "originalName", "question", "email", "fromPath", "subject"];

export interface AuditEntryForWords {
  userEmail: string;
  action: string;
  entity: string;
  details: Record<string, unknown> | null;
}

function recordName(details: Record<string, unknown> | null): string | null {
  if (!details) return null;
  for (const field of NAME_FIELDS) {
    const value = details[field];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  return null;
}

/** Actions that read as a whole sentence of their own, after who did them. */
const WHOLE_SENTENCES: Record<string, string> = {
  "user.password_change": "changed their own password",
  "user.sign_out_everywhere": "signed out of every other device",
  "user.second_factor.remove_all": "removed all their passkeys and their authenticator app",
  "user.second_factor.review_keep": "kept their passkeys and authenticator app after taking back their account",
  "user.second_factor.recovery_codes_renew": "made new recovery codes",
  "unanswered_question.dismiss_all": "dismissed every unanswered question",
  "content_block.reorder": "reordered the content blocks",
};

/** "ann@example.com published the page “Pricing”", from one audit entry. */
export function describeAuditEntry(entry: AuditEntryForWords): string {
  const verbName = entry.action.includes(".") ? entry.action.slice(entry.action.indexOf(".") + 1) : entry.action;
  const kind = kindOfEntity(entry.entity);
  const name = recordName(entry.details);
  const who = entry.userEmail;
  const sentence = WHOLE_SENTENCES[entry.action];
  if (sentence) return `${who} ${sentence}`;
  const noun = kind ? AUDIT_KINDS[kind].noun : `the ${entry.entity.replace(/_/g, " ")} record`;
  const record = name ? `${noun} “${name}”` : noun;
  const verb = VERBS[verbName];
  return verb ? `${who} ${verb} ${record}` : `${who} did “${entry.action}” on ${record}`;
}

/** A column name as a reader would say it: "settingValue" → "Setting value". */
export function fieldLabel(name: string): string {
  const words = name
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A before or after value as text: empty shows as "(empty)", objects as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}
