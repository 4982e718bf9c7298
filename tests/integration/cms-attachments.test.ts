/**
 * The CMS's attachment download (/cms/submissions/:id/attachment) and CSV export
 * (/cms/submissions/export.csv), called as React Router calls their loaders, with real sessions:
 * anonymous visitors are sent to sign in and other users refused; administrators get the file as a
 * download with a safely encoded name, and the CSV with formula cells neutralised.
 */
import { Readable } from "node:stream";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { contactSubmissions } from "../../app/db/schema";
import { getStorage } from "~/server/platform/storage.server";
import { csvCell } from "~/server/platform/csv.server";
import { setUpCmsHarness } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

// The administrator, and a signed-in user who is not one.
const cms = setUpCmsHarness({ name: "cms-attachments" });
const ids: Record<string, string> = {};
const KEY = "1700000000000-0123456789abcdef0123456789abcdef.pdf";
const PDF = "%PDF-1.4\n%%EOF\n";

beforeAll(async () => {
  await getStorage().save(KEY, Readable.from([PDF]), { contentType: "application/pdf" });
  const rows = await cms.db
    .insert(contactSubmissions)
    .values([
      {
        name: "Zoë",
        email: "zoe@example.com",
        subject: "Application for Developer position",
        message: 'Hello, "team"\nsecond line',
        attachmentUrl: KEY,
        attachmentFilename: 'CV "Zoë"\r\n.pdf',
        createdAt: new Date(Date.UTC(2025, 0, 2, 10)),
      },
      {
        name: '=HYPERLINK("http://evil")',
        email: "x@example.com",
        phone: "+44 20 7946 0000",
        subject: "@SUM(A1)",
        message: "-1",
        status: "spam",
        createdAt: new Date(Date.UTC(2025, 0, 1, 10)),
      },
      {
        name: "Lost",
        email: "lost@example.com",
        subject: "Gone",
        message: "File missing",
        attachmentUrl: "1700000000000-ffffffffffffffffffffffffffffffff.pdf",
        attachmentFilename: "gone.pdf",
        createdAt: new Date(Date.UTC(2024, 0, 1, 10)),
      },
    ])
    .returning({ id: contactSubmissions.id, name: contactSubmissions.name });
  for (const row of rows) ids[row.name] = row.id;
});

const args = (url: string, cookie: string | undefined, params: Record<string, string> = {}) =>
  ({
    request: new Request(url, { headers: cookie ? { Cookie: cookie } : {} }),
    url: new URL(url),
    params,
    context: {},
    pattern: "/",
    unstable_pattern: "/",
  }) as never;

/** What a loader threw: a redirect Response, or data() with a status. */
async function thrown(load: Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  const error = await load.then(
    () => {
      throw new Error("the loader did not refuse");
    },
    (caught: unknown) => caught,
  );
  if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
  return { status: (error as { init?: ResponseInit }).init?.status ?? 0 };
}

describe("attachment download", () => {
  const url = (id: string) => `http://localhost/cms/submissions/${id}/attachment`;

  it("sends anonymous visitors to sign in and refuses non-administrators", async () => {
    const { loader } = await import("~/routes/cms/attachment");
    const id = ids["Zoë"]!;
    const anonymous = await thrown(loader(args(url(id), undefined, { id })));
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toBe(`/cms?redirectTo=${encodeURIComponent(`/cms/submissions/${id}/attachment`)}`);
    expect((await thrown(loader(args(url(id), cms.cookie("editor"), { id })))).status).toBe(403);
    expect((await thrown(loader(args(url(id), "session=forged", { id })))).status).toBe(302);
  });

  it("streams the file to an administrator as a download with a safe name", async () => {
    const { loader } = await import("~/routes/cms/attachment");
    const id = ids["Zoë"]!;
    const response = (await loader(args(url(id), cms.cookie("admin"), { id }))) as Response;
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "application/octet-stream",
      "content-disposition": `attachment; filename="CV _Zoe_.pdf"; filename*=UTF-8''CV%20%22Zo%C3%AB%22.pdf`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    });
    expect(await response.text()).toBe(PDF);
  });

  it("answers 404 for no attachment, a missing file, an unknown or malformed id", async () => {
    const { loader } = await import("~/routes/cms/attachment");
    for (const id of [ids['=HYPERLINK("http://evil")']!, ids.Lost!, "00000000-0000-4000-8000-000000000000", "x"]) {
      const { logger } = await import("~/server/platform/logger.server");
      vi.spyOn(logger, "warn").mockImplementation(() => undefined);
      expect((await thrown(loader(args(url(id), cms.cookie("admin"), { id })))).status).toBe(404);
    }
  });
});

describe("CSV export", () => {
  const url = "http://localhost/cms/submissions/export.csv";

  it("refuses anonymous visitors and non-administrators", async () => {
    const { loader } = await import("~/routes/cms/submissions-export");
    expect((await thrown(loader(args(url, undefined)))).status).toBe(302);
    expect((await thrown(loader(args(url, cms.cookie("editor"))))).status).toBe(403);
  });

  it("exports every submission as UTF-8 CSV with a BOM, quoted and with formulas neutralised", async () => {
    const { loader } = await import("~/routes/cms/submissions-export");
    const response = await loader(args(url, cms.cookie("admin")));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="contact-submissions-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''contact-submissions-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe("created_at,status,name,email,phone,subject,message,attachment");
    expect(lines[1]).toBe(
      '2025-01-02T10:00:00.000Z,new,Zoë,zoe@example.com,,Application for Developer position,"Hello, ""team""\nsecond line","CV ""Zoë""',
    );
    expect(lines[2]).toBe('.pdf"');
    expect(lines[3]).toBe(
      `2025-01-01T10:00:00.000Z,spam,"'=HYPERLINK(""http://evil"")",x@example.com,'+44 20 7946 0000,'@SUM(A1),'-1,`,
    );
    expect(lines[4]).toMatch(/^2024-01-01T10:00:00.000Z,new,Lost,/);
    expect(lines[5]).toBe("");
  });

  it("exports one status when asked", async () => {
    const { loader } = await import("~/routes/cms/submissions-export");
    const csv = await (await loader(args(`${url}?status=spam`, cms.cookie("admin")))).text();
    expect(csv.trim().split("\r\n")).toHaveLength(2);
    expect(csv).toContain("x@example.com");
  });

  it("quotes and neutralises cells by RFC 4180 and OWASP's CSV injection advice", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
  });
});
