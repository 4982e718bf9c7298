import { SkipLink } from "~/components/ui/skip-link";
import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Outlet,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import { BasketProvider } from "~/components/site/basket-provider";
import { ChatLauncher } from "~/components/site/chat-launcher";
import { CookieConsentProvider } from "~/components/site/cookie-consent";
import { PlainLinksFollowed } from "~/components/site/plain-link";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { ThemeToggle } from "~/components/site/theme-toggle";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { cookieBannerInitScript } from "~/lib/consent/cookie-consent";
import { ratesFromSettings } from "~/lib/commerce/currency";
import { siteIdentityFromSettings } from "~/lib/site/site-identity";
import { isUnsentForm } from "~/lib/browser/unsent-form";
import { assistantLabel } from "~/server/assistant/provider.server";
import { getDb } from "~/server/platform/db/database.server";
import { getEnv } from "~/server/platform/env.server";
import { getMenu } from "~/server/content/navigation.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import { currentCookiePolicyVersion } from "~/server/contact/cookie-consents.server";
import type { Route } from "./+types/layout";

/** The shared layout of every public page (SPEC.md "Shared layout"). */
export async function loader(_: Route.LoaderArgs) {
  const [navigation, settings] = await Promise.all([getMenu(getDb, "main"), getPublicSettings(getDb)]);
  return {
    navigation,
    identity: siteIdentityFromSettings(settings),
    // The exchange rates the checkout charges with, so the basket shows what will be charged.
    exchangeRates: ratesFromSettings(settings),
    // Public by definition: pages build their canonical addresses from it.
    publicUrl: getEnv().publicUrl,
    // The server's year, so the copyright line is the same in the HTML and after hydration.
    year: new Date().getFullYear(),
    // Who answers in the chat widget: "Powered by OpenAI", the model's name, or "Site assistant".
    assistantLabel: assistantLabel(),
    // The cookie policy's version: a visitor whose stored choice has another one is asked again.
    cookiePolicyVersion: currentCookiePolicyVersion(settings),
    // The head script that shows the banner before the first paint (root.tsx), made here so its
    // builder stays out of the browser's bundle (the 130 KB first-load budget: decision 028).
    cookieBannerScript: cookieBannerInitScript(currentCookiePolicyVersion(settings)),
  };
}

/** A form that never reached the site changed nothing the layout shows (lib/browser/unsent-form.ts). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  !isUnsentForm(actionResult) && defaultShouldRevalidate;

export default function SiteLayout() {
  return (
    <SiteShell data={useLoaderData<typeof loader>()}>
      <Outlet />
    </SiteShell>
  );
}

type SiteLayoutData = Awaited<ReturnType<typeof loader>>;

/** The header, footer and floating buttons around a page, or around the error that replaced it. */
function SiteShell({ data, children }: { data: SiteLayoutData; children: ReactNode }) {
  const { navigation, identity, year, exchangeRates, assistantLabel: chatLabel, cookiePolicyVersion } = data;
  return (
    <BasketProvider rates={exchangeRates}>
      <CookieConsentProvider policyVersion={cookiePolicyVersion}>
        <SkipLink />
        <div className="flex min-h-dvh flex-col">
          <PlainLinksFollowed>
            <SiteHeader items={navigation} siteName={identity.companyName} />
            <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <SiteFooter identity={identity} year={year} />
          </PlainLinksFollowed>
        </div>
      </CookieConsentProvider>
      {/*
        After the cookie banner in the HTML: the banner's height is reserved as soon as it is parsed,
        so these buttons, which float above it, are first painted where they stay.
        The conversation lives above the route outlet, so it stays while the visitor moves between pages.
      */}
      <ChatLauncher companyName={identity.companyName} email={identity.email} assistantLabel={chatLabel} />
      <ThemeToggle />
    </BasketProvider>
  );
}

const HOME_LINK = { to: "/", label: "Return to Home" };
const NOT_FOUND_VIEW = { title: "Oops! Page not found", link: HOME_LINK };
const FAILURE_VIEW = {
  title: "Something went wrong on our side",
  message: "We have been told about it. Please try again in a moment, or return to the home page.",
  link: HOME_LINK,
};

/**
 * An error a page's loader threw (a 404 for an unknown order, a failure) shows inside the site's
 * header and footer, so the visitor can still find their way; the status stays the thrown one.
 * Only when the layout's own data is missing does it fall back to a page of its own.
 */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/site/layout");
  const view = (
    <GeneralErrorBoundary
      code={(status) => (status === 404 ? "404" : "Sorry")}
      byStatus={{ 404: NOT_FOUND_VIEW }}
      otherwise={FAILURE_VIEW}
    />
  );
  if (!data) return <GeneralErrorBoundary layout="page" otherwise={FAILURE_VIEW} />;
  return <SiteShell data={data}>{view}</SiteShell>;
}

/**
 * The error page's title, kept out of search results; a page's own meta wins when it rendered.
 * (Plain tags: lib/seo/meta.ts reads this module's loader type, so it cannot be imported here.)
 */
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: notFound ? "Page not found" : FAILURE_VIEW.title }, { name: "robots", content: "noindex" }];
};
