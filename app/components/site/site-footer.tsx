import type * as React from "react";
import { PlainLink } from "./plain-link";
import { SITE_FOOTER_ID } from "~/lib/browser/first-paint";
import { FOOTER_COLUMNS, FOOTER_EXTRA_LINKS } from "~/lib/site/site-links";
import type { SiteIdentity } from "~/lib/site/site-identity";
import { useCookieConsent } from "./cookie-consent";

/** The footer of every public page (SPEC.md "Footer"); its contact details come from site settings. */
export function SiteFooter({ identity, year }: { identity: SiteIdentity; year: number }) {
  const { openSettings } = useCookieConsent();
  return (
    <FooterContent identity={identity} year={year}>
      <button
        type="button"
        onClick={openSettings}
        className="self-start underline-offset-4 hover:text-foreground hover:underline"
      >
        Cookie settings
      </button>
    </FooterContent>
  );
}

/**
 * The same footer for a page that loads no JavaScript (the download page), without the cookie
 * settings button, which needs a script (the Cookie Policy stays linked in its Support column).
 */
export function StaticSiteFooter({ identity, year }: { identity: SiteIdentity; year: number }) {
  return <FooterContent identity={identity} year={year} />;
}

function FooterContent({
  identity,
  year,
  children,
}: {
  identity: SiteIdentity;
  year: number;
  /** The last item of the bottom line. */
  children?: React.ReactNode;
}) {
  const socialLinks = [
    { label: "Facebook", href: identity.facebookUrl },
    { label: "LinkedIn", href: identity.linkedinUrl },
    { label: "Twitter", href: identity.twitterUrl },
  ].filter((link) => link.href);

  return (
    <footer id={SITE_FOOTER_ID} className="border-t bg-muted text-foreground">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-1">
          <p className="text-lg font-bold">{identity.companyName}</p>
          <p className="mt-3 text-sm text-muted-foreground">{identity.blurb}</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.heading} aria-label={`${column.heading} links`}>
            <h2 className="text-sm font-semibold">{column.heading}</h2>
            <ul className="mt-3 grid gap-2 text-sm">
              {column.links.map((link) => (
                <li key={link.title}>
                  <PlainLink to={link.href} className="text-muted-foreground hover:text-foreground hover:underline">
                    {link.title}
                  </PlainLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="text-sm font-semibold">Contact</h2>
          <address className="mt-3 grid gap-2 text-sm text-muted-foreground not-italic">
            {identity.address ? <span>{identity.address}</span> : null}
            {identity.email ? (
              <a href={`mailto:${identity.email}`} className="hover:text-foreground hover:underline">
                {identity.email}
              </a>
            ) : null}
            {identity.phone ? (
              <a
                href={`tel:${identity.phone.replace(/[^+\d]/g, "")}`}
                className="whitespace-nowrap hover:text-foreground hover:underline"
              >
                {identity.phone}
              </a>
            ) : null}
          </address>
          {socialLinks.length > 0 ? (
            <ul aria-label="Social media" className="mt-4 flex flex-wrap gap-3 text-sm">
              {socialLinks.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="text-muted-foreground hover:text-foreground hover:underline"
                  >
                    {link.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-4 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>
            © {year} {identity.companyName}. All rights reserved.
          </p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <nav aria-label="More links">
              <ul className="flex flex-wrap gap-x-6 gap-y-2">
                {FOOTER_EXTRA_LINKS.map((link) => (
                  <li key={link.href}>
                    <PlainLink to={link.href} className="underline-offset-4 hover:text-foreground hover:underline">
                      {link.title}
                    </PlainLink>
                  </li>
                ))}
              </ul>
            </nav>
            {children}
          </div>
        </div>
      </div>
    </footer>
  );
}
