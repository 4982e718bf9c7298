import { describe, expect, it } from "vitest";
import { USER_ROLES } from "../enums";
import {
  CMS_HEADER_LINKS,
  CMS_TABS,
  firstTabOf,
  PERMISSION_NAMES,
  permissionsOf,
  roleCan,
  ROLE_LABELS,
  type Permission,
} from "./permissions";

const holders = (permission: Permission) => USER_ROLES.filter((role) => roleCan(role, permission));

describe("the permission table: roles and what each may do", () => {
  it("gives the Administrator every permission", () => {
    expect(permissionsOf("admin")).toEqual(PERMISSION_NAMES);
  });

  it("gives the Editor content, media, job openings, courses, blocks and redirects, and nothing of people or administration", () => {
    for (const area of ["content", "media", "careers", "courses", "blocks", "redirects"]) {
      expect(roleCan("editor", `${area}.view` as Permission), area).toBe(true);
      expect(roleCan("editor", `${area}.edit` as Permission), area).toBe(true);
    }
    for (const permission of [
      "submissions.view",
      "submissions.manage",
      "orders.view",
      "orders.manage",
      "users.manage",
      "settings.view",
      "settings.edit",
      "outbox.view",
      "audit.view",
      "metrics.view",
    ] as const) {
      expect(roleCan("editor", permission), permission).toBe(false);
    }
  });

  it("gives Support the submissions, applications and orders, and read-only views of the content", () => {
    for (const permission of ["submissions.view", "submissions.manage", "orders.view", "orders.manage"] as const) {
      expect(roleCan("support", permission), permission).toBe(true);
    }
    for (const area of ["content", "media", "careers", "courses", "blocks", "redirects"]) {
      expect(roleCan("support", `${area}.view` as Permission), area).toBe(true);
      expect(roleCan("support", `${area}.edit` as Permission), area).toBe(false);
    }
    expect(roleCan("support", "assistant.manage")).toBe(false);
    expect(roleCan("support", "users.manage")).toBe(false);
    expect(roleCan("support", "settings.view")).toBe(false);
  });

  it("keeps users, settings, the outbox, the audit log, the consent log and the metrics for administrators", () => {
    for (const permission of [
      "users.manage",
      "settings.view",
      "settings.edit",
      "outbox.view",
      "audit.view",
      "consents.view",
      "metrics.view",
    ] as const) {
      expect(holders(permission), permission).toEqual(["admin"]);
    }
  });

  it("gives a changing permission only to roles that may also see what they change", () => {
    for (const permission of PERMISSION_NAMES.filter((name) => /\.(edit|manage)$/.test(name))) {
      const view = permission.replace(/\.(edit|manage)$/, ".view");
      if (!(PERMISSION_NAMES as string[]).includes(view)) continue;
      for (const role of holders(permission)) expect(roleCan(role, view as Permission), `${role} ${view}`).toBe(true);
    }
  });

  it("gives an unknown role, the old 'user' role and no role nothing", () => {
    for (const role of ["user", "superuser", "", null, undefined]) {
      expect(permissionsOf(role), String(role)).toEqual([]);
      expect(firstTabOf(role), String(role)).toBeNull();
    }
  });

  it("sends each role to the first tab it works in: content for administrators and editors, submissions for support", () => {
    expect(firstTabOf("admin")).toBe("/cms/content");
    expect(firstTabOf("editor")).toBe("/cms/content");
    expect(firstTabOf("support")).toBe("/cms/submissions");
  });

  it("shows each role the tabs it may open, Users to administrators only", () => {
    const tabsOf = (role: string) => CMS_TABS.filter((tab) => roleCan(role, tab.permission)).map((tab) => tab.title);
    expect(tabsOf("admin")).toHaveLength(CMS_TABS.length);
    expect(tabsOf("editor")).toEqual(["Content", "Careers", "Content Blocks", "Courses", "Assistant", "Media"]);
    expect(tabsOf("support")).toEqual([
      "Content",
      "Careers",
      "Contact Submissions",
      "Content Blocks",
      "Courses",
      "Orders",
      "Assistant",
      "Media",
    ]);
    expect(CMS_HEADER_LINKS.filter((link) => roleCan("editor", link.permission)).map((link) => link.title)).toEqual([
      "Redirects",
      "Trash",
    ]);
  });

  it("names a tab's changing permission among those of its area, and each role on screen", () => {
    for (const tab of CMS_TABS) {
      expect(PERMISSION_NAMES).toContain(tab.changes);
      for (const role of USER_ROLES) if (roleCan(role, tab.changes)) expect(roleCan(role, tab.permission)).toBe(true);
    }
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...USER_ROLES].sort());
  });
});
