import { Outlet, useLoaderData } from "react-router";
import { BasketProvider } from "~/components/site/basket-provider";
import { ChatLauncher } from "~/components/site/chat-launcher";
import { CookieConsentProvider } from "~/components/site/cookie-consent";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { ThemeToggle } from "~/components/site/theme-toggle";
import { ratesFromSettings } from "~/lib/currency";
import { siteIdentityFromSettings } from "~/lib/site-identity";
import { assistantLabel } from "~/server/assistant/provider.server";
import { getDb } from "~/server/platform/db/database.server";
import { getEnv } from "~/server/platform/env.server";
import { getMenu } from "~/server/content/navigation.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
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
  };
}

export default function SiteLayout() {
  const { navigation, identity, year, exchangeRates, assistantLabel: chatLabel } = useLoaderData<typeof loader>();
  return (
    <BasketProvider rates={exchangeRates}>
      <CookieConsentProvider>
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        <div className="flex min-h-dvh flex-col">
          <SiteHeader items={navigation} siteName={identity.companyName} />
          <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
            <Outlet />
          </main>
          <SiteFooter identity={identity} year={year} />
        </div>
        {/* The conversation lives above the route outlet, so it stays while the visitor moves between pages. */}
        <ChatLauncher companyName={identity.companyName} email={identity.email} assistantLabel={chatLabel} />
        <ThemeToggle />
      </CookieConsentProvider>
    </BasketProvider>
  );
}
