/**
 * The access-control matrix, its POST half: every action and intent of
 * route-access-rules.ts POSTed as an anonymous visitor, a deactivated account, an Editor, a Support
 * user and an Administrator, each with the status the table expects. Actions are sent well formed,
 * from the site's own origin and with the CMS's anti-forgery token, so a refusal is the role
 * check's; a refused one must leave its tables (and the audit log) exactly as they were, and an
 * allowed one must really change them.
 *
 * One at a time: a table digest taken around one request would see another's writes.
 */
import { describe, expect, test } from "vitest";
import { expectOutcome } from "./access-matrix";
import { actionRules, usesFormToken } from "./route-access-rules";
import {
  csrfCookie,
  ROLES,
  sameOriginHeaders,
  send,
  tableDigest,
  tablesDigest,
  visitorAccount,
  visitorCookies,
} from "./security-http";
import { serverForThisFile } from "./test-server";

const server = serverForThisFile();

describe("POST every action", () => {
  for (const { routeId, intent, rule } of actionRules()) {
    test(`${routeId} ${intent} as ${ROLES.join(", ")}`, async () => {
      const site = server();
      const csrf = await csrfCookie(site);
      for (const role of ROLES) {
        // A fresh account per role and request: the administrator's request really happens.
        const visitor = await visitorAccount(site, role);
        const cookies = { [csrf.name]: csrf.token, ...(await visitorCookies(site, role, visitor)) };
        const request = await rule.request({ server: site, visitor });
        const token: Record<string, string> = usesFormToken(request) ? { csrf: csrf.token } : {};
        const before = await tablesDigest(site, rule.tables);
        const auditBefore = await tableDigest(site, "audit_log");

        const response = await send(site, {
          ...request,
          method: "POST",
          form: request.form && { ...request.form, ...token },
          multipart: request.multipart && { ...request.multipart, ...token },
          headers: { ...sameOriginHeaders(site), ...request.headers },
          cookies,
        });

        const outcome = rule.expect[role];
        const label = `${role} POST ${request.path} ${intent}`;
        expectOutcome(response, outcome, request.path, label);
        const after = await tablesDigest(site, rule.tables);
        if (outcome.changes === false) {
          expect(after, `${label} changed the database`).toEqual(before);
          expect(await tableDigest(site, "audit_log"), `${label} wrote the audit log`).toBe(auditBefore);
        }
        if (outcome.changes === true)
          expect(after, `${label} should have changed ${rule.tables.join(", ")}`).not.toEqual(before);
      }
    });
  }
});
