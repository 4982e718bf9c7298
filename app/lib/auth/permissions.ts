/**
 * Who may do what in the CMS: ONE table, read by the server's guards
 * (`requirePermission` in server/auth/guards.server.ts, on every /cms loader and action) and by
 * the CMS's screens (the tab bar, the buttons and forms), so what a role sees and what the server
 * lets it do cannot drift apart. A new permission is a line here; the access-control matrix
 * (tests/e2e/route-access-rules.ts) derives every role's expected answer from this table.
 *
 * Administrator: everything. Editor: what the public site shows (content, media, job openings,
 * courses, blocks, redirects, with their schedules and trash). Support: the people who wrote in or
 * paid (contact submissions and applications, orders), and read-only views of the rest.
 * See docs/decisions/019-roles-and-permissions.md.
 */
import { USER_ROLES, type UserRole } from "../enums";

const ALL: readonly UserRole[] = USER_ROLES;
const EDITORS: readonly UserRole[] = ["admin", "editor"];
const SUPPORT: readonly UserRole[] = ["admin", "support"];
const ADMIN: readonly UserRole[] = ["admin"];

/** Each permission and the roles that hold it. "*.view" reads a tab; "*.edit" / "*.manage" changes it. */
export const PERMISSIONS = {
  // The dashboard sums up the whole company (revenue, enquiries, the outbox): the administrators'.
  "dashboard.view": ADMIN,
  "content.view": ALL,
  "content.edit": EDITORS,
  "media.view": ALL,
  "media.edit": EDITORS,
  "careers.view": ALL,
  "careers.edit": EDITORS,
  "courses.view": ALL,
  "courses.edit": EDITORS,
  "blocks.view": ALL,
  "blocks.edit": EDITORS,
  "redirects.view": ALL,
  "redirects.edit": EDITORS,
  // The unanswered questions are scrubbed of personal data: everyone may read them; dismissing
  // them is the editors' (they answer a question by writing the page it needed).
  "assistant.view": ALL,
  "assistant.manage": EDITORS,
  // Submissions, applications (with their CVs) and orders hold personal data: not for editors.
  "submissions.view": SUPPORT,
  "submissions.manage": SUPPORT,
  "orders.view": SUPPORT,
  "orders.manage": SUPPORT,
  // Administration: the site's settings, the accounts, the mails sent, the logs and the metrics.
  "settings.view": ADMIN,
  "settings.edit": ADMIN,
  "users.manage": ADMIN,
  "outbox.view": ADMIN,
  "audit.view": ADMIN,
  "consents.view": ADMIN,
  "metrics.view": ADMIN,
} as const satisfies Record<string, readonly UserRole[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** How each role is named on screen (the stored value is the enum's). */
export const ROLE_LABELS: Record<UserRole, string> = {
  admin: "Administrator",
  editor: "Editor",
  support: "Support",
};

/** What a person with this role may do on the screen, in one sentence (the Users tab's role help). */
export const ROLE_DESCRIPTIONS: Record<UserRole, string> = {
  admin: "Everything, including users, settings, the outbox and the audit log.",
  editor: "Content, media, job openings, courses, content blocks and redirects.",
  support: "Contact submissions, applications and orders; read-only elsewhere.",
};

/** Whether a role holds a permission; an unknown role (or none) holds nothing. */
export function roleCan(role: string | null | undefined, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly string[]).includes(role ?? "");
}

/** Every permission a role holds, in the table's order (what the CMS layout hands its screens). */
export function permissionsOf(role: string | null | undefined): Permission[] {
  return PERMISSION_NAMES.filter((permission) => roleCan(role, permission));
}

interface CmsTab {
  title: string;
  href: string;
  /** What opens the tab. */
  permission: Permission;
  /** What changes anything on it; a role with `permission` only sees it read-only. */
  changes: Permission;
}

/**
 * The CMS tabs, in the tab bar's order, each with the permission that shows it and the one that
 * changes it. `/cms` sends a person to the first tab they may change (their work), else the first
 * they may open.
 */
export const CMS_TABS = [
  { title: "Content", href: "/cms/content", permission: "content.view", changes: "content.edit" },
  { title: "Careers", href: "/cms/careers", permission: "careers.view", changes: "careers.edit" },
  {
    title: "Contact Submissions",
    href: "/cms/submissions",
    permission: "submissions.view",
    changes: "submissions.manage",
  },
  { title: "Content Blocks", href: "/cms/blocks", permission: "blocks.view", changes: "blocks.edit" },
  { title: "Site Settings", href: "/cms/settings", permission: "settings.view", changes: "settings.edit" },
  { title: "Courses", href: "/cms/courses", permission: "courses.view", changes: "courses.edit" },
  { title: "Orders", href: "/cms/orders", permission: "orders.view", changes: "orders.manage" },
  { title: "Assistant", href: "/cms/assistant", permission: "assistant.view", changes: "assistant.manage" },
  { title: "Media", href: "/cms/media", permission: "media.view", changes: "media.edit" },
  { title: "Users", href: "/cms/users", permission: "users.manage", changes: "users.manage" },
] as const satisfies readonly CmsTab[];

/** The links beside the account links (not the spec's tabs), each with the permission that shows it. */
export const CMS_HEADER_LINKS = [
  { title: "Dashboard", href: "/cms", permission: "dashboard.view" },
  { title: "Audit log", href: "/cms/audit", permission: "audit.view" },
  { title: "Outbox", href: "/cms/outbox", permission: "outbox.view" },
  { title: "Redirects", href: "/cms/redirects", permission: "redirects.view" },
  { title: "Trash", href: "/cms/trash", permission: "content.view" },
  // The consent log: proof of visitors' cookie choices.
  { title: "Consent log", href: "/cms/consents", permission: "consents.view" },
] as const satisfies readonly { title: string; href: string; permission: Permission }[];

/**
 * Where /cms sends a signed-in person: the first tab their role may change (Content for
 * administrators and editors, Contact Submissions for support), else the first it may open
 * (null: none, Access Denied).
 */
export function firstTabOf(role: string | null | undefined): string | null {
  const tab =
    CMS_TABS.find((candidate) => roleCan(role, candidate.changes)) ??
    CMS_TABS.find((candidate) => roleCan(role, candidate.permission));
  return tab?.href ?? null;
}
