import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/** Several addresses shown by one template module, each with its own route id. */
function family(file: string, paths: readonly string[]) {
  return paths.map((path) => route(path, file, { id: `${file.replace(/\.tsx$/, "")}:${path}` }));
}

/**
 * The route table, written out by hand so it can be read against SPEC.md section 2.
 * Each issue adds the routes it builds.
 */
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("about", "routes/site/about.tsx"),
    route("services", "routes/site/services.tsx"),
    route("product-development", "routes/site/product-development.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("careers", "routes/site/careers.tsx"),
    route("careers/:job", "routes/site/career.tsx"),
    // Page families: one template each, fed by the typed copy in app/content/ (see content/pages.ts).
    ...family("routes/site/overview.tsx", ["ai", "cloud", "cybersecurity", "case-studies/cyber-security"]),
    ...family("routes/site/service-page.tsx", [
      "ai/conversational-ai",
      "ai/predictive-analytics",
      "ai/computer-vision",
      "ai/document-processing",
      "cloud/data-lake-analytics",
      "data-lake-analytics",
    ]),
    ...family("routes/site/case-study.tsx", [
      "cloud/enterprise-cyber-security",
      "cloud/enterprise-cloud-migration",
      "enterprise-cloud-migration",
      "scalable-ecommerce",
      "case-studies/scalable-ecommerce",
      "case-studies/security-assessment",
      "case-studies/security-operations",
      "case-studies/identity-management",
      "case-studies/cloud-security",
    ]),
    route("training", "routes/site/training.tsx"),
    route("basket", "routes/site/basket.tsx"),
    route("checkout/test/:order", "routes/site/test-payment.tsx"),
    route("checkout/success", "routes/site/checkout-success.tsx"),
    route("content/:slug", "routes/site/content.tsx"),
    route("blog", "routes/site/blog.tsx"),
    route("downloads/:document", "routes/site/download.tsx"),
    // The three legal pages share one template; each has its own route id.
    route("privacy-statement", "routes/site/legal.tsx", { id: "legal-privacy-statement" }),
    route("terms-of-use", "routes/site/legal.tsx", { id: "legal-terms-of-use" }),
    route("cookie-policy", "routes/site/legal.tsx", { id: "legal-cookie-policy" }),
    // Any other path: the not-found page, inside the layout, with status 404.
    route("*", "routes/site/not-found.tsx"),
  ]),
  // The admin area: the layout decides between sign-in, Access Denied and the tabs; every child
  // route checks the role again itself.
  route("cms", "routes/cms/layout.tsx", [
    index("routes/cms/index.tsx"),
    route("logout", "routes/cms/logout.ts"),
    route("session", "routes/cms/session.ts"),
    // The sign-in's second step (a code or a passkey), and signing in with a passkey alone.
    route("sign-in/verify", "routes/cms/sign-in-verify.tsx"),
    route("account", "routes/cms/account.tsx"),
    // Open to visitors without a session: the layout shows them instead of the sign-in card.
    route("forgot-password", "routes/cms/forgot-password.tsx"),
    route("invitation/:token", "routes/cms/invitation.tsx"),
    route("reset-password/:token", "routes/cms/reset-password.tsx"),
    route("users", "routes/cms/users.tsx"),
    route("content", "routes/cms/content.tsx"),
    // The editor's live preview frame: the unsaved form rendered as the public page (POST only).
    route("content/live-preview", "routes/cms/content-live-preview.tsx"),
    route("content/:id", "routes/cms/content-editor.tsx"),
    route("content/:id/preview", "routes/cms/content-preview.tsx"),
    route("scheduled", "routes/cms/scheduled.tsx"),
    route("careers", "routes/cms/careers.tsx"),
    route("careers/:id", "routes/cms/career-editor.tsx"),
    route("submissions", "routes/cms/submissions.tsx"),
    route("submissions/export.csv", "routes/cms/submissions-export.ts"),
    route("submissions/:id/attachment", "routes/cms/attachment.ts"),
    route("blocks", "routes/cms/blocks.tsx"),
    route("settings", "routes/cms/settings.tsx"),
    route("outbox", "routes/cms/outbox.tsx"),
    route("courses", "routes/cms/courses.tsx"),
    route("courses/:id", "routes/cms/course-editor.tsx"),
    route("orders", "routes/cms/orders.tsx"),
    route("orders/export.csv", "routes/cms/orders-export.ts"),
    route("assistant", "routes/cms/assistant.tsx"),
    route("media", "routes/cms/media.tsx"),
    route("media/upload", "routes/cms/media-upload.ts"),
    route("media/library", "routes/cms/media-library.ts"),
    route("redirects", "routes/cms/redirects.tsx"),
    route("trash", "routes/cms/trash.tsx"),
    // The cookie consent log: searched by id and date, exported as proof of consent.
    route("consents", "routes/cms/consents.tsx"),
    route("consents/export.csv", "routes/cms/consents-export.ts"),
    // The audit log as a history, and the same selection as CSV.
    route("audit", "routes/cms/audit.tsx"),
    route("audit/export.csv", "routes/cms/audit-export.ts"),
  ]),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  route("icons.svg", "routes/api/icons.ts"),
  route("training/curriculum.pdf", "routes/api/curriculum.ts"),
  // The media library's public files: versioned variants and each image's stable address.
  route("media/:file", "routes/api/media-file.ts"),
  ...prefix("api", [
    route("cookie-consent", "routes/api/cookie-consent.ts"),
    route("checkout", "routes/api/checkout.ts"),
    route("chat", "routes/api/chat.ts"),
    route("webhooks/stripe", "routes/api/stripe-webhook.ts"),
  ]),
] satisfies RouteConfig;
