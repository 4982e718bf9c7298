import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { PlainLink, PlainNavLink } from "./plain-link";
import { classifyNavItem, type NavItem } from "~/lib/site/navigation";
import { LEGAL_LINKS, SERVICE_MENU_LINKS, type SiteLink } from "~/lib/site/site-links";
import { cx } from "~/lib/class-names";
import { useBasket } from "./basket-provider";
import { Icon } from "~/components/ui/icon";

const topLinkClass =
  "inline-flex h-10 items-center gap-1 rounded-md px-3 text-sm font-medium text-foreground hover:bg-accent hover:text-accent-foreground data-[state=open]:bg-accent aria-[current=page]:text-primary";

/**
 * The site's top bar: logo, the main menu from the database, the basket, and the mobile menu.
 * `withoutScript` is for a page that loads no JavaScript (the download page): the menu is plain
 * links at every width, with no dropdowns, mobile menu or basket count that would need a script.
 */
export function SiteHeader({
  items,
  siteName,
  withoutScript = false,
}: {
  items: readonly NavItem[];
  siteName: string;
  withoutScript?: boolean;
}) {
  if (withoutScript) return <StaticHeader items={items} siteName={siteName} />;
  return <InteractiveHeader items={items} siteName={siteName} />;
}

/** Without its stacking level (z-40, or z-50 while the mobile menu is open): classes are joined, not merged. */
const headerClass = "sticky top-0 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85";
const logoClass = "text-lg font-bold tracking-tight text-foreground";

function InteractiveHeader({ items, siteName }: { items: readonly NavItem[]; siteName: string }) {
  const location = useLocation();
  // The mobile menu stays open only on the page where it was opened, so following a link closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const mobileOpen = openOnPath === location.pathname;
  const setMobileOpen = (open: boolean) => setOpenOnPath(open ? location.pathname : null);

  return (
    // While the mobile menu is open the header is above the floating theme and chat buttons, so
    // they never cover a menu item.
    <header className={cx(headerClass, mobileOpen ? "z-50" : "z-40")}>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <PlainLink to="/" className={logoClass}>
          {siteName}
        </PlainLink>
        <DesktopMenu items={items} pathname={location.pathname} />
        <div className="flex items-center gap-2">
          <BasketButton />
          <MobileMenuButton open={mobileOpen} onToggle={() => setMobileOpen(!mobileOpen)} />
        </div>
      </div>
      <MobileMenu items={items} pathname={location.pathname} open={mobileOpen} onClose={() => setMobileOpen(false)} />
    </header>
  );
}

/** The header without a script: the logo and the menu's links (the services page for its dropdown). */
function StaticHeader({ items, siteName }: { items: readonly NavItem[]; siteName: string }) {
  const links = items.filter((item) => classifyNavItem(item).kind !== "legal");
  return (
    <header className={cx(headerClass, "z-40")}>
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-x-4 px-4 sm:px-6 lg:px-8">
        <PlainLink to="/" className={logoClass}>
          {siteName}
        </PlainLink>
        <nav aria-label="Main">
          <ul className="flex flex-wrap items-center gap-1">
            <MenuLinks items={links} className={topLinkClass} />
          </ul>
        </nav>
      </div>
    </header>
  );
}

/** The menu's plain links as list items ("/" is current only on the home page). */
function MenuLinks({ items, className }: { items: readonly NavItem[]; className: string }) {
  return items.map((item) => (
    <li key={item.url + item.title}>
      <PlainNavLink to={item.url} className={className}>
        {item.title}
      </PlainNavLink>
    </li>
  ));
}

/** The spec's navigation timings: 200 ms before a hovered menu opens, 150 ms before it closes. */
const HOVER_OPEN_DELAY_MS = 200;
const HOVER_CLOSE_DELAY_MS = 150;

/**
 * The wide-screen menu. Dropdowns follow the disclosure pattern (a button with aria-expanded that
 * shows a list of links), which screen readers announce plainly and keyboards use with Tab, Enter
 * and Escape. One dropdown is open at a time.
 */
function DesktopMenu({ items, pathname }: { items: readonly NavItem[]; pathname: string }) {
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [openOnPath, setOpenOnPath] = useState(pathname);
  // Following a link (a new path) closes any open dropdown.
  if (openOnPath !== pathname) {
    setOpenOnPath(pathname);
    setOpenMenu(null);
  }
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {items.map((item) => {
          const entry = classifyNavItem(item);
          const key = item.url + item.title;
          if (entry.kind === "link") {
            return (
              <li key={key}>
                <PlainNavLink to={item.url} className={topLinkClass}>
                  {item.title}
                </PlainNavLink>
              </li>
            );
          }
          return (
            <li key={key} className="relative">
              <DropdownMenu
                title={item.title}
                links={entry.kind === "services" ? SERVICE_MENU_LINKS : LEGAL_LINKS}
                pathname={pathname}
                open={openMenu === key}
                onOpenChange={(open) => setOpenMenu((current) => (open ? key : current === key ? null : current))}
              />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function DropdownMenu({
  title,
  links,
  pathname,
  open,
  onOpenChange,
}: {
  title: string;
  links: readonly SiteLink[];
  pathname: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const setOpenAfter = (next: boolean, delay: number) => {
    clearTimeout(hoverTimer.current);
    hoverTimer.current = setTimeout(() => onOpenChange(next), delay);
  };
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const closeOnOutsidePointer = useEffectEvent((event: PointerEvent) => {
    if (!containerRef.current?.contains(event.target as Node)) onOpenChange(false);
  });
  useEffect(() => {
    if (!open) return;
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePointer);
  }, [open]);

  return (
    // Keyboard and focus events bubble up here from the button and links; the div itself is not interactive.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={containerRef}
      onPointerEnter={(event) => event.pointerType === "mouse" && setOpenAfter(true, HOVER_OPEN_DELAY_MS)}
      onPointerLeave={(event) => event.pointerType === "mouse" && setOpenAfter(false, HOVER_CLOSE_DELAY_MS)}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !open) return;
        event.stopPropagation();
        onOpenChange(false);
        buttonRef.current?.focus();
      }}
      onBlur={(event) => {
        // Tabbing out of the dropdown closes it.
        if (!containerRef.current?.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-state={open ? "open" : "closed"}
        onClick={() => {
          clearTimeout(hoverTimer.current);
          onOpenChange(!open);
        }}
        className={cx(topLinkClass, "group")}
      >
        {title}
        <Icon name="chevron-down" className="size-3.5 transition-transform group-data-[state=open]:rotate-180" />
      </button>
      <ul
        id={panelId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-2 grid w-80 gap-1 rounded-lg border bg-popover p-2 text-popover-foreground shadow-lg"
      >
        {links.map((link) => (
          <li key={link.href}>
            <PlainLink
              to={link.href}
              aria-current={pathname === link.href ? "page" : undefined}
              className="block rounded-md px-3 py-2 hover:bg-accent hover:text-accent-foreground focus:bg-accent focus:text-accent-foreground"
            >
              <span className="block text-sm font-medium">{link.title}</span>
              {link.description ? (
                <span className="mt-0.5 block text-sm text-muted-foreground">{link.description}</span>
              ) : null}
            </PlainLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The basket count appears after hydration; the badge floats over the button so nothing moves. On
 * a phone the button is the icon alone, so the count shows in the header at every width.
 */
function BasketButton() {
  const { count, hydrated } = useBasket();
  const label = hydrated && count > 0 ? `Basket, ${count} ${count === 1 ? "item" : "items"}` : "Basket";
  return (
    <PlainLink
      to="/basket"
      aria-label={label}
      className="relative inline-flex h-10 items-center gap-2 rounded-md px-2.5 text-sm font-medium hover:bg-accent hover:text-accent-foreground sm:px-3"
    >
      <Icon name="shopping-basket" className="size-5" />
      <span className="hidden sm:inline">Basket</span>
      {hydrated && count > 0 ? (
        <span
          data-testid="basket-count"
          aria-hidden="true"
          className="absolute -top-1 -right-1 flex min-w-5 items-center justify-center rounded-full bg-badge px-1 text-xs leading-5 font-semibold text-badge-foreground"
        >
          {count}
        </span>
      ) : null}
    </PlainLink>
  );
}

const MOBILE_MENU_ID = "mobile-menu";

function MobileMenuButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      // The menu is in the page while closed too (hidden), so this always names an element.
      aria-controls={MOBILE_MENU_ID}
      onClick={onToggle}
      className="inline-flex size-10 items-center justify-center rounded-md hover:bg-accent md:hidden"
    >
      {open ? <Icon name="x" className="size-6" /> : <Icon name="menu" className="size-6" />}
      <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
    </button>
  );
}

/**
 * The narrow-screen menu: every item, the extra service and legal links, and the basket. Escape
 * closes it and gives focus back to the button that opened it. It stays in the page while closed
 * (hidden), as the element the menu button controls. Taller than the screen, it scrolls by itself:
 * the header is sticky, so the page's own scrolling would never reach its last links.
 */
function MobileMenu({
  items,
  pathname,
  open,
  onClose,
}: {
  items: readonly NavItem[];
  pathname: string;
  open: boolean;
  onClose: () => void;
}) {
  const { count, hydrated } = useBasket();
  const menuRef = useRef<HTMLElement>(null);
  const extraServiceLinks = SERVICE_MENU_LINKS.filter((link) => link.href !== "/services");
  const links = items.filter((item) => classifyNavItem(item).kind !== "legal");

  const closeOnEscape = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== "Escape") return;
    onClose();
    document.querySelector<HTMLElement>(`[aria-controls="${MOBILE_MENU_ID}"]`)?.focus();
  });

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>("a")?.focus();
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);

  const linkClass =
    "block rounded-md px-3 py-2 text-base font-medium hover:bg-accent hover:text-accent-foreground aria-[current=page]:text-primary";
  return (
    <nav
      id={MOBILE_MENU_ID}
      ref={menuRef}
      aria-label="Mobile"
      hidden={!open}
      className="max-h-[calc(100dvh-4rem-var(--cookie-banner-height,0px))] overflow-y-auto overscroll-contain border-t bg-background px-4 pt-2 pb-4 md:hidden"
    >
      <ul className="grid gap-1">
        <MenuLinks items={links} className={linkClass} />
      </ul>
      <MobileLinkGroup heading="Services" links={extraServiceLinks} pathname={pathname} linkClass={linkClass} />
      <MobileLinkGroup heading="Legal" links={LEGAL_LINKS} pathname={pathname} linkClass={linkClass} />
      <PlainLink to="/basket" className={cx(linkClass, "mt-4 border")}>
        Basket ({hydrated ? count : 0})
      </PlainLink>
    </nav>
  );
}

/** A titled list of links in the mobile menu (the services beyond the main menu, the legal pages). */
function MobileLinkGroup({
  heading,
  links,
  pathname,
  linkClass,
}: {
  heading: string;
  links: readonly { href: string; title: string }[];
  pathname: string;
  linkClass: string;
}) {
  const headingId = useId();
  return (
    <>
      <h2 id={headingId} className="mt-4 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {heading}
      </h2>
      <ul aria-labelledby={headingId} className="grid gap-1">
        {links.map((link) => (
          <li key={link.href}>
            <PlainLink to={link.href} aria-current={pathname === link.href ? "page" : undefined} className={linkClass}>
              {link.title}
            </PlainLink>
          </li>
        ))}
      </ul>
    </>
  );
}
