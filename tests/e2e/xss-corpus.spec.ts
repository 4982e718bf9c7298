/**
 * The XSS corpus (Security): the payloads of xss-payloads.ts stored through every field
 * that another person sees (CMS content, careers, courses, content blocks, public site settings,
 * contact messages and job applications, the assistant's questions and replies, addresses a link
 * can carry), each through the real form or endpoint, then every page that shows the field checked:
 * one page per rendering path opened in Chromium, the others in the HTML the server answers. The
 * browser runs with the Content-Security-Policy switched off, so the only thing
 * between a payload and its execution is the site's own escaping and sanitising: no marker may
 * fire, no dialog may open, and the DOM may hold no event handler, script, frame, object or
 * javascript:/data: address that the payloads brought.
 *
 * The tests share the worker's server with other spec files, so each removes what it stored and
 * puts back the settings it changed.
 */
import { and, eq, inArray, like } from "drizzle-orm";
import type { APIRequestContext, Page } from "@playwright/test";
import { careerPath } from "../../app/lib/site/careers";
import {
  careers,
  contactSubmissions,
  content,
  contentBlocks,
  mailOutbox,
  orderItems,
  orders,
  paymentEvents,
  siteSettings,
  trainingCourses,
  unansweredQuestions,
} from "../../app/db/schema";
import {
  csrfToken,
  dismissCookieBanner,
  expect,
  ignoreNotFoundResponses,
  richTextEditor,
  signInAs,
  test,
  waitForHydration,
  type TestServer,
} from "./fixtures";
import { personsFormToken } from "./form-token-steps";
import { modelTest } from "./model-site";
import { bundle, bundles, canary, corpus, PAYLOAD_COUNT } from "./xss-payloads";
import { armTrap, expectInert, expectServedInert, payloadEventsDone, settle, visit } from "./xss-trap";

// Nothing but the site's own escaping may stop a payload.
test.use({ bypassCSP: true });

/**
 * A page that shows stored payloads. Each rendering path (a field escaped as text, sanitised rich
 * text, a placeholder filled in, a client-rendered basket, a chat reply…) is opened in the browser
 * once, armed and hydrated (`inBrowser`); the other pages that take the same path are checked in
 * the HTML the server answers, which holds everything that could run there.
 */
interface Shown {
  url: string;
  /** Texts that prove the stored field was rendered on the page. */
  canaries: string[];
  status?: number;
  inBrowser?: boolean;
}

/** What a surface's steps work with. */
interface SurfaceSteps {
  page: Page;
  server: TestServer;
  request: APIRequestContext;
  /** The markers that fired in the armed page. */
  fired: string[];
  /** Checks each page in turn: it shows its canaries and is inert. */
  show: (...places: Shown[]) => Promise<void>;
  /** Registers the removal of what the surface stored; run in reverse order when the test ends. */
  onCleanUp: (work: () => Promise<void>) => void;
}

/** A place where people's input is stored and shown to others. */
interface Surface {
  title: string;
  /** Whether the steps start signed in as an administrator. */
  signedIn: boolean;
  steps: (steps: SurfaceSteps) => Promise<void>;
}

/** Posts a CMS form with the page's anti-forgery token; returns the response status. */
async function postCms(page: Page, path: string, form: Record<string, string>): Promise<number> {
  if (!new URL(page.url()).pathname.startsWith("/cms")) await page.goto("/cms/account");
  const response = await page.request.post(path, { form: { csrf: await csrfToken(page), ...form }, maxRedirects: 0 });
  return response.status();
}

const stamp = () => `${process.pid}${Date.now().toString(36)}`;

/** The public settings the pages show, each with the longest value its type takes. */
const SHOWN_SETTINGS: { key: string; maxLength: number; singleLine: boolean }[] = [
  { key: "company_name", maxLength: 500, singleLine: true },
  { key: "company_blurb", maxLength: 5000, singleLine: false },
  { key: "company_tagline", maxLength: 500, singleLine: true },
  { key: "site_title", maxLength: 500, singleLine: true },
  { key: "site_description", maxLength: 5000, singleLine: false },
  { key: "address_uk", maxLength: 500, singleLine: true },
  { key: "address_us", maxLength: 500, singleLine: true },
  { key: "business_hours_weekdays", maxLength: 500, singleLine: true },
  { key: "business_hours_saturday", maxLength: 500, singleLine: true },
  { key: "business_hours_sunday", maxLength: 500, singleLine: true },
];

const SURFACES: Surface[] = [
  {
    title:
      "CMS content: every field stored through the editor is inert on the public page, blog, list, editor and preview",
    signedIn: true,
    steps: async ({ page, server, fired, show, onCleanUp }) => {
      const slug = `xss-content-${stamp()}`;
      const word = `zanzibarquux${stamp()}`;
      onCleanUp(async () => {
        await server.db.delete(content).where(like(content.slug, `${slug}%`));
        server.invalidateCaches();
      });
      // Refused outright: a payload as the slug, a script address as the featured image.
      for (const refused of [
        { slug: `x"><img src=x onerror=__xss('slug')>`, featuredImageUrl: "" },
        { slug: `${slug}-refused`, featuredImageUrl: "javascript:__xss('featured-js')" },
        { slug: `${slug}-refused`, featuredImageUrl: "data:text/html,<script>__xss('featured-data')</script>" },
        { slug: `${slug}-refused`, featuredImageUrl: "//evil.invalid/x.png" },
      ]) {
        expect(await postCms(page, "/cms/content/new", { intent: "save", title: "Refused", ...refused })).toBe(400);
      }
      expect(
        await server.db
          .select()
          .from(content)
          .where(like(content.slug, `${slug}%`)),
      ).toEqual([]);

      const body = `<p>${canary("body")} ${word} {{company_name}}</p>\n${corpus("body")
        .map((payload) => payload.html)
        .join("\n")}`;
      const status = await postCms(page, "/cms/content/new", {
        intent: "publish",
        title: `${word} ${bundle("title", 200, { singleLine: true, offset: 5 })}`.slice(0, 200),
        slug,
        excerpt: bundle("excerpt", 1000),
        content: body,
        metaTitle: bundle("metatitle", 200, { singleLine: true, offset: 10 }),
        metaDescription: bundle("metadesc", 500, { singleLine: true, offset: 20 }),
        // No space is allowed, but a quote is: it must stay inside the src attribute.
        featuredImageUrl: `https://img.invalid/a.png"onerror="__xss('featured')"x="`,
        type: "blog_post",
      });
      expect(status).toBe(302);
      const [item] = await server.db.select().from(content).where(eq(content.slug, slug));
      expect(item?.content).toContain("__xss('body-1')");

      const all = [canary("title"), canary("excerpt"), canary("body"), canary("metatitle")];
      await show({ url: `/content/${slug}`, canaries: [...all, canary("metadesc")], inBrowser: true });
      // The image stays an image with the whole hostile address as its src.
      await expect(page.locator("article header img")).toHaveAttribute("src", /onerror=/);
      await show(
        { url: "/blog", canaries: [canary("title")] },
        // The list, searched: other specs on this server may have pushed the item off the first page.
        { url: `/cms/content?q=${encodeURIComponent(word)}`, canaries: [canary("title")] },
        { url: `/cms/content/${item!.id}`, canaries: all, inBrowser: true },
      );
      // The rich-text editor reads the stored body into its document: the text is there, nothing ran.
      await expect(richTextEditor(page, "Content")).toContainText(canary("body"));
      await expectInert(page, fired, "the content editor");
      await show({ url: `/cms/content/${item!.id}/preview`, canaries: [canary("title"), canary("body")] });
    },
  },
  {
    title:
      "careers: every field stored through the Careers tab is inert on /careers, the job page, the application form and the CMS",
    signedIn: true,
    steps: async ({ page, server, show, onCleanUp }) => {
      const title = `Engineer ${stamp()} ${bundle("jobtitle", 150, { singleLine: true, offset: 2 })}`.slice(0, 200);
      onCleanUp(async () => {
        await server.db.delete(careers).where(eq(careers.title, title));
        server.invalidateCaches();
      });
      // Through the job-opening editor's Publish: the description is read as HTML and sanitised.
      const status = await postCms(page, "/cms/careers/new", {
        intent: "publish",
        title,
        department: bundle("department", 100, { singleLine: true, offset: 7 }),
        location: bundle("location", 100, { singleLine: true, offset: 11 }),
        experience: bundle("experience", 100, { singleLine: true, offset: 15 }),
        type: "Full-time",
        description: corpus("jobdesc")
          .map((payload) => payload.html)
          .join("\n")
          .replace(/^/, `${canary("jobdesc")}\n`),
        requirements: corpus("requirement")
          .slice(0, 48)
          .map((payload) => payload.html.replace(/[\r\n]/g, " ").slice(0, 500))
          .join("\n")
          .replace(/^/, `${canary("requirement")}\n`),
      });
      expect(status).toBe(302);
      const [career] = await server.db.select().from(careers).where(eq(careers.title, title));
      expect(career, "the career was stored").toBeDefined();
      const fields = ["jobtitle", "department", "location", "experience", "jobdesc"].map(canary);

      await show({ url: "/careers", canaries: fields });
      // /careers links to the job page.
      const jobPath = careerPath(career!);
      expect(await (await page.request.get("/careers")).text()).toContain(`href="${jobPath}"`);
      await show(
        { url: jobPath, canaries: [...fields, canary("requirement")], inBrowser: true },
        { url: `/contact?job=${encodeURIComponent(title)}`, canaries: [canary("jobtitle")] },
        { url: "/cms/careers", canaries: [canary("jobtitle"), canary("department"), canary("location")] },
      );
    },
  },
  {
    title:
      "training courses: every field stored through the Courses tab is inert on /training, in the basket and its toast, at checkout, and in the CMS",
    signedIn: true,
    steps: async ({ page, server, fired, show, onCleanUp }) => {
      const name = `Course ${stamp()} ${bundle("coursename", 170, { singleLine: true, offset: 3 })}`.slice(0, 200);
      const orderIds: string[] = [];
      onCleanUp(async () => {
        await server.db.delete(trainingCourses).where(eq(trainingCourses.name, name));
        server.invalidateCaches();
      });
      onCleanUp(async () => {
        if (orderIds.length === 0) return;
        await server.db.delete(paymentEvents).where(inArray(paymentEvents.orderId, orderIds));
        await server.db.delete(mailOutbox).where(inArray(mailOutbox.orderId, orderIds));
        await server.db.delete(orderItems).where(inArray(orderItems.orderId, orderIds));
        await server.db.delete(orders).where(inArray(orders.id, orderIds));
      });
      // Through the course editor's Publish: the description is read as HTML and sanitised.
      const status = await postCms(page, "/cms/courses/new", {
        intent: "publish",
        name,
        description: bundle("coursedesc", 5000),
        duration: bundle("duration", 100, { singleLine: true, offset: 9 }),
        level: bundle("level", 100, { singleLine: true, offset: 13 }),
        price: "100",
        originalPrice: "150",
        rating: "4.5",
        students: "12",
        emoji: "<b onclick=",
        features: corpus("feature")
          .slice(0, 39)
          .map((payload) => payload.html.replace(/[\r\n]/g, " ").slice(0, 300))
          .join("\n")
          .replace(/^/, `${canary("feature")}\n`),
        instructor: bundle("instructor", 200, { singleLine: true, offset: 17 }),
        lastUpdated: bundle("updated", 50, { singleLine: true, offset: 21 }),
      });
      // A published course goes back to the list with a toast.
      expect(status).toBe(302);
      const [course] = await server.db.select().from(trainingCourses).where(eq(trainingCourses.name, name));
      expect(course, "the course was stored").toBeDefined();

      const fields = ["coursename", "coursedesc", "duration", "level", "feature", "instructor", "updated"];
      await show({ url: "/training", canaries: fields.map(canary), inBrowser: true });
      await waitForHydration(page);
      const card = page.getByTestId("course-card").filter({ hasText: canary("coursename") });
      await card.getByRole("button", { name: /basket/i }).click();
      // The toast names the course.
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: canary("coursename") })).toBeVisible();
      await expectInert(page, fired, "the add-to-basket toast");
      await show({ url: "/basket", canaries: [canary("coursename")], inBrowser: true });

      // Checkout with the course: the test-mode payment page and the order in the CMS show its name.
      const checkout = await page.request.post("/api/checkout", {
        data: { courseIds: [course!.id], currency: "GBP" },
        headers: { Origin: server.url },
      });
      expect(checkout.status()).toBe(200);
      const { url } = (await checkout.json()) as { url: string };
      const orderId = /\/checkout\/test\/([0-9a-f-]{36})/.exec(url)?.[1];
      expect(orderId).toBeTruthy();
      orderIds.push(orderId!);
      await show(
        { url: new URL(url, server.url).pathname, canaries: [canary("coursename")] },
        { url: `/cms/orders?selected=${orderId}`, canaries: [canary("coursename")] },
        { url: "/cms/courses", canaries: [canary("coursename")] },
      );
    },
  },
  {
    title: "content blocks: a testimonial stored through the Blocks tab is inert on the home page and in the CMS",
    signedIn: true,
    steps: async ({ page, server, show, onCleanUp }) => {
      const name = `Block ${stamp()} ${bundle("blockname", 150, { singleLine: true, offset: 4 })}`.slice(0, 200);
      onCleanUp(async () => {
        await server.db.delete(contentBlocks).where(eq(contentBlocks.name, name));
        server.invalidateCaches();
      });
      expect(
        await postCms(page, "/cms/blocks", {
          intent: "create",
          name,
          blockType: "testimonial",
          description: bundle("blockdesc", 1000),
        }),
      ).toBe(200);
      const [block] = await server.db.select().from(contentBlocks).where(eq(contentBlocks.name, name));
      expect(block, "the block was stored").toBeDefined();
      const data = {
        quote: bundle("quote", 2000),
        author: bundle("author", 200, { singleLine: true, offset: 8 }),
        role: bundle("role", 200, { singleLine: true, offset: 12 }),
        company: bundle("company", 200, { singleLine: true, offset: 16 }),
      };
      // A block's link fields take only site paths and http(s) addresses.
      const refused = await postCms(page, "/cms/blocks", {
        intent: "update",
        id: block!.id,
        name,
        blockType: "cta",
        isActive: "true",
        "data.heading": "x",
        "data.buttonLabel": "x",
        "data.buttonUrl": "javascript:__xss('cta')",
      });
      // Refused as invalid input (400), and nothing changed.
      expect(refused).toBe(400);
      expect((await server.db.select().from(contentBlocks).where(eq(contentBlocks.id, block!.id)))[0]?.blockType).toBe(
        "testimonial",
      );
      expect(
        await postCms(page, "/cms/blocks", {
          intent: "update",
          id: block!.id,
          name,
          blockType: "testimonial",
          isActive: "true",
          description: bundle("blockdesc", 1000),
          ...Object.fromEntries(Object.entries(data).map(([key, value]) => [`data.${key}`, value])),
        }),
      ).toBe(200);
      server.invalidateCaches();

      await show(
        { url: "/", canaries: [canary("quote"), canary("author"), canary("role"), canary("company")], inBrowser: true },
        { url: "/cms/blocks", canaries: [canary("blockname"), canary("blockdesc")] },
      );
    },
  },
  {
    title:
      "site settings: public values stored through the Settings tab are inert in the layout, on the marketing and contact pages, in content placeholders and in the CMS",
    signedIn: true,
    steps: async ({ page, server, show, onCleanUp }) => {
      const keys = [...SHOWN_SETTINGS.map((setting) => setting.key), "social_facebook_url"];
      const originals = await server.db.select().from(siteSettings).where(inArray(siteSettings.settingKey, keys));
      const slug = `xss-placeholders-${stamp()}`;
      onCleanUp(async () => {
        await server.db.delete(content).where(eq(content.slug, slug));
        await server.db.delete(siteSettings).where(like(siteSettings.settingKey, "xss_setting_%"));
        await server.db.delete(siteSettings).where(eq(siteSettings.settingKey, "social_facebook_url"));
        for (const original of originals) {
          const { id: _id, ...values } = original;
          await server.db
            .insert(siteSettings)
            .values(values)
            .onConflictDoUpdate({ target: siteSettings.settingKey, set: values });
        }
        server.invalidateCaches();
      });
      for (const [index, setting] of SHOWN_SETTINGS.entries()) {
        const value = bundle(setting.key, setting.maxLength, { singleLine: setting.singleLine, offset: index * 7 });
        expect(
          await postCms(page, "/cms/settings", { intent: "update", settingKey: setting.key, settingValue: value }),
        ).toBe(200);
        const [stored] = await server.db.select().from(siteSettings).where(eq(siteSettings.settingKey, setting.key));
        expect(stored?.settingValue, setting.key).toBe(value);
      }
      // A URL setting takes only http(s) addresses.
      await postCms(page, "/cms/settings", {
        intent: "update",
        settingKey: "social_facebook_url",
        settingValue: "javascript:__xss('facebook')",
      });
      const [facebook] = await server.db
        .select()
        .from(siteSettings)
        .where(eq(siteSettings.settingKey, "social_facebook_url"));
      expect(facebook?.settingValue).toMatch(/^https:/);
      // Even re-created as a text setting, a script address must not become the footer's link.
      await postCms(page, "/cms/settings", { intent: "delete", settingKey: "social_facebook_url" });
      await postCms(page, "/cms/settings", {
        intent: "create",
        settingKey: "social_facebook_url",
        settingType: "text",
        settingValue: " javascript:__xss('facebook-text')",
        isPublic: "true",
        description: bundle("settingdesc", 1000),
      });
      // A new setting of its own, shown only in the CMS.
      await postCms(page, "/cms/settings", {
        intent: "create",
        settingKey: `xss_setting_${stamp()}`,
        settingType: "textarea",
        settingValue: bundle("newsetting", 5000),
        isPublic: "true",
        description: bundle("newsettingdesc", 1000),
      });
      // A content item whose body names the settings: each value is placed as text, never markup.
      expect(
        await postCms(page, "/cms/content/new", {
          intent: "publish",
          title: "Placeholders",
          slug,
          content: `<p>${canary("placeholder")}</p><p>{{company_name}}</p><p>{{company_blurb}}</p><a href="{{address_uk}}">a</a>`,
        }),
      ).toBe(302);
      server.invalidateCaches();

      const layout = [canary("company_name"), canary("company_blurb"), canary("address_uk")];
      const hours = ["address_us", "business_hours_weekdays", "business_hours_saturday", "business_hours_sunday"];
      await show(
        { url: "/", canaries: [...layout, canary("site_description")], inBrowser: true },
        { url: "/about", canaries: layout },
        { url: "/contact", canaries: [...layout, ...hours.map(canary)] },
        { url: "/careers", canaries: layout },
        { url: "/training", canaries: layout },
        { url: `/content/${slug}`, canaries: [...layout, canary("placeholder")], inBrowser: true },
        { url: "/no-such-page", canaries: layout, status: 404 },
        { url: "/cms/settings", canaries: [canary("company_name"), canary("newsetting"), canary("newsettingdesc")] },
      );
    },
  },
  {
    title:
      "contact messages and job applications: inert as an administrator reads them in Contact Submissions and the outbox",
    signedIn: false,
    steps: async ({ page, server, request, show, onCleanUp }) => {
      const emails: string[] = [];
      onCleanUp(async () => {
        if (emails.length === 0) return;
        const rows = await server.db
          .select({ id: contactSubmissions.id })
          .from(contactSubmissions)
          .where(inArray(contactSubmissions.email, emails));
        const ids = rows.map((row) => row.id);
        if (ids.length > 0) await server.db.delete(mailOutbox).where(inArray(mailOutbox.submissionId, ids));
        await server.db.delete(contactSubmissions).where(inArray(contactSubmissions.email, emails));
      });
      // A faster post than a person's is filed as spam (see form-token-steps.ts).
      const token = personsFormToken();
      const job = `Developer ${bundle("appliedjob", 150, { singleLine: true, offset: 6 })}`.slice(0, 200);
      expect((await request.get(`/contact?job=${encodeURIComponent(job)}`)).status()).toBe(200);

      // The whole corpus as message bodies (rendered as HTML in the CMS), in as many messages as it takes.
      const messages = bundles("message", 5000);
      let address = 10;
      const send = async (multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) => {
        address += 1;
        const response = await request.post("/contact", {
          headers: { Origin: server.url, "X-Forwarded-For": `198.51.100.${address}` },
          multipart,
          maxRedirects: 0,
        });
        expect(response.status(), JSON.stringify(Object.keys(multipart))).toBeLessThan(400);
      };
      for (const [index, message] of messages.entries()) {
        const email = `xss.message.${index}.${stamp()}@example.com`;
        emails.push(email);
        await send({
          token,
          name: bundle(`name${index}`, 100, { singleLine: true, offset: index * 5 }),
          email,
          phone: "+44 (0) 20 7946-0000",
          subject: bundle(`subject${index}`, 200, { singleLine: true, offset: index * 9 }),
          message,
        });
      }
      const applicant = `xss.applicant.${stamp()}@example.com`;
      emails.push(applicant);
      await send({
        token,
        name: bundle("applicant", 100, { singleLine: true, offset: 30 }),
        email: applicant,
        subject: `Application for ${job} position`.slice(0, 200),
        message: bundle("coverletter", 5000),
        job,
        consent: "yes",
        attachment: {
          name: `${canary("filename")}<img src=x onerror=__xss('filename')>".pdf`,
          mimeType: "application/pdf",
          buffer: Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n"),
        },
      });

      const stored = await server.db.select().from(contactSubmissions).where(inArray(contactSubmissions.email, emails));
      expect(stored.map((row) => row.status).sort()).toEqual(emails.map(() => "new"));
      expect(stored.find((row) => row.email === applicant)?.attachmentFilename).toContain("onerror=");

      await signInAs(page, server, "admin");
      await show({
        url: "/cms/submissions",
        canaries: [canary("name0"), canary("subject0"), canary("applicant")],
        inBrowser: true,
      });
      for (const [index, email] of emails.entries()) {
        const row = stored.find((submission) => submission.email === email)!;
        const shown =
          email === applicant
            ? [canary("applicant"), canary("coverletter"), canary("filename")]
            : [canary(`message-${index + 1}`)];
        // The first message in the browser, the rest (the same rendering) as served.
        await show({ url: `/cms/submissions?selected=${row.id}`, canaries: shown, inBrowser: index === 0 });
      }
      // Every payload of the corpus reached a message body, so each was sanitised and shown once.
      const allMessages = stored.map((row) => row.message).join("\n");
      for (const payload of corpus("message")) expect(allMessages).toContain(payload.html.replace(/\r\n?/g, "\n"));

      // The first message's (its subject and body carry the "subject0" and "message-1" canaries); the
      // select above has no order, so stored[0] may be any of them.
      const first = stored.find((row) => row.email === emails[0])!;
      const [notification] = await server.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "notification"), eq(mailOutbox.submissionId, first.id)));
      expect(notification, "a notification e-mail was queued").toBeDefined();
      await show(
        { url: "/cms/outbox", canaries: [canary("subject0").slice(0, 20)] },
        { url: `/cms/outbox?selected=${notification!.id}`, canaries: [canary("message-1")], inBrowser: true },
      );
    },
  },
  {
    title:
      "the site assistant: a visitor's question, the built-in reply quoting stored payloads, and the Assistant tab are inert",
    signedIn: true,
    steps: async ({ page, server, fired, show, onCleanUp }) => {
      // Letters only, so the search reads it as one word.
      const word = `quokkaquest${stamp().replace(/\d/g, (digit) => "abcdefghij"[Number(digit)]!)}`;
      const slug = `xss-assistant-${stamp()}`;
      const unanswered = `${canary("question")} <img src=x onerror=__xss('question')> [x](javascript:__xss('question-link')) zxqvbn${stamp()}?`;
      onCleanUp(async () => {
        await server.db.delete(content).where(eq(content.slug, slug));
        await server.db
          .delete(unansweredQuestions)
          .where(like(unansweredQuestions.question, `%${canary("question")}%`));
        server.invalidateCaches();
      });
      // Published content the built-in assistant quotes: its sentences carry payload text.
      expect(
        await postCms(page, "/cms/content/new", {
          intent: "publish",
          title: `${word} guide`,
          slug,
          content:
            `<p>The ${word} service helps teams. ${corpus("reply")
              .slice(0, 20)
              .map((payload) => payload.html)
              .join(" ")} The ${word} service is run by [the team](javascript:__xss('reply-md')).</p>` +
            // Markup written as text: the passage the assistant quotes holds it as characters.
            `<p>The ${word} service says &lt;img src=x onerror=__xss('reply-escaped')&gt; and ` +
            `&lt;script&gt;__xss('reply-script')&lt;/script&gt; to ${word} fans.</p>`,
        }),
      ).toBe(302);
      server.invalidateCaches();

      await page.goto("/");
      await waitForHydration(page);
      await page.getByRole("button", { name: "Chat with our assistant" }).click();
      const panel = page.getByRole("dialog", { name: /Site assistant/ });
      const input = panel.getByRole("textbox", { name: "Your message" });
      const conversation = panel.getByRole("list", { name: "Conversation" });
      const ask = async (question: string, replies: number) => {
        await input.fill(question);
        await panel.getByRole("button", { name: "Send", exact: true }).click();
        await expect(conversation.getByRole("listitem")).toHaveCount(1 + replies * 2);
        await expect(panel.getByRole("status")).toHaveText("");
      };
      await ask(`What is the ${word} service?`, 1);
      await expect(conversation.getByRole("listitem").last()).toContainText(word);
      await ask(unanswered, 2);
      await payloadEventsDone(page);
      await expectInert(page, fired, "the chat panel");

      await expect
        .poll(async () =>
          (await server.db.select().from(unansweredQuestions)).some((row) => row.question.includes(canary("question"))),
        )
        .toBe(true);
      await show({ url: "/cms/assistant", canaries: [canary("question")] });
    },
  },
  {
    title: "addresses a link can carry: payloads in the path and query are inert on the pages that echo them",
    signedIn: false,
    steps: async ({ page, server, fired, show }) => {
      const payload = corpus("query")[7]!.html;
      await show(
        {
          url: `/contact?job=${encodeURIComponent(`${canary("job")} ${payload}`)}`,
          canaries: [canary("job")],
          inBrowser: true,
        },
        { url: `/${encodeURIComponent(`<script>__xss('path')</script>`)}`, canaries: [], status: 404 },
        { url: `/careers?${encodeURIComponent(payload)}=1`, canaries: [] },
        { url: `/blog?type=${encodeURIComponent(payload)}&page=${encodeURIComponent(payload)}`, canaries: [] },
        { url: `/checkout/success?order=${encodeURIComponent(payload)}`, canaries: [], status: 404 },
      );
      // Sign-in goes only to /cms addresses, whatever redirectTo says.
      const admin = await signInAs(page, server, "admin");
      await page.context().clearCookies();
      await page.goto(`/cms?redirectTo=${encodeURIComponent("javascript:__xss('redirect')")}`);
      await page.getByLabel("Email").fill(admin.email);
      await page.getByLabel("Password", { exact: true }).fill(admin.password);
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/\/cms(\/content)?$/);
      await settle(page);
      await expectInert(page, fired, "after sign-in");
      await signInAs(page, server, "admin");
      await show(
        { url: `/cms/content?q=${encodeURIComponent(`${canary("search")} ${payload}`)}`, canaries: [canary("search")] },
        {
          url: `/cms/submissions?status=${encodeURIComponent(payload)}&selected=${encodeURIComponent(payload)}`,
          canaries: [],
        },
      );
      expect(PAYLOAD_COUNT).toBeGreaterThan(70);
    },
  },
];

for (const surface of SURFACES) {
  test(surface.title, async ({ page, server, request, consoleErrors }) => {
    const fired = await armTrap(page);
    await dismissCookieBanner(page);
    if (surface.signedIn) await signInAs(page, server, "admin");
    const cleanUps: (() => Promise<void>)[] = [];
    const show = async (...places: Shown[]) => {
      for (const { url, canaries, status = 200, inBrowser = false } of places) {
        if (inBrowser) await visit(page, fired, url, canaries, status);
        else await expectServedInert(page, url, canaries, status);
      }
    };
    try {
      await surface.steps({ page, server, request, fired, show, onCleanUp: (work) => cleanUps.push(work) });
      // Sanitised images point at "x" and similar relative addresses, which do not exist.
      ignoreNotFoundResponses(consoleErrors);
    } finally {
      for (const work of cleanUps.reverse()) await work();
    }
  });
}

/**
 * A model's reply is text the site does not control: the server runs (`node server.js`) with an
 * OpenAI-compatible model on loopback (model-site.ts) that streams the corpus and hostile Markdown
 * links, and the chat panel renders it as it would any reply.
 */
const HOSTILE_MARKDOWN = [
  "[js](javascript:__xss('md-js'))",
  "[case](JaVaScRiPt:__xss('md-case'))",
  "[tab](java\tscript:__xss('md-tab'))",
  "[entity](jav&#x09;ascript:__xss('md-entity'))",
  "[data](data:text/html,<script>__xss('md-data')</script>)",
  "[vb](vbscript:msgbox('md-vb'))",
  "[other site](//evil.invalid/x)",
  "[backslash](/\\evil.invalid)",
  "[mail](mailto:a@example.com\"onmouseover=\"__xss('md-mail'))",
  "[<img src=x onerror=__xss('md-label')>](/contact)",
  "**<svg onload=__xss('md-bold')>**",
  "- <img src=x onerror=__xss('md-list')>",
];

modelTest(
  "a model's reply: the corpus and hostile Markdown links render as text and safe links only",
  async ({ page, model, consoleErrors }) => {
    const fired = await armTrap(page);
    await dismissCookieBanner(page);
    const reply = [
      canary("model"),
      "",
      ...HOSTILE_MARKDOWN,
      "",
      ...corpus("model")
        .slice(0, 40)
        .map((payload) => payload.html),
    ].join("\n");
    // Streamed in small pieces, so markup split across pieces is put together by the panel.
    const tokens = reply.match(/[\s\S]{1,7}/g) ?? [];
    model.reset({ kind: "stream", tokens });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Chat with our assistant" }).click();
    const panel = page.getByRole("dialog", { name: /Site assistant/ });
    await panel.getByRole("textbox", { name: "Your message" }).fill("Tell me everything");
    await panel.getByRole("button", { name: "Send", exact: true }).click();
    await expect(panel.getByRole("list", { name: "Conversation" })).toContainText(canary("model"));
    await expect(panel.getByRole("status")).toHaveText("");
    await payloadEventsDone(page);
    await expectInert(page, fired, "the model's reply");
    // The only links kept are the site's own pages and a plain e-mail address.
    const hrefs = await panel.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs, "the link whose text was markup stays a link to the page").toContain("/contact");
    for (const href of hrefs) expect(href, "a link in the reply").toMatch(/^(\/(?![/\\])|mailto:[^"\s]+$)/);
    ignoreNotFoundResponses(consoleErrors);
  },
);
