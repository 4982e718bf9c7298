import { createContext, use, useCallback, type ComponentProps, type MouseEvent, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { isCurrentPath } from "~/lib/site/navigation";
import { routerPath } from "./router-path";

/**
 * The header's and footer's links (about forty on every page): what React Router's <Link> and
 * <NavLink> render, an `<a href data-discover>` with `aria-current="page"` and the "active" class
 * on the current page's, without the work each of them does to get there. A <Link> resolves its
 * address against the matched routes and the location and sets up its click and prefetch handlers,
 * seven hooks a link, on the server for every page and in the browser again while hydrating: about
 * 7% of a rendered page's CPU (docs/decisions/031). These links are absolute addresses of this
 * site, so the `href` is the address itself, and one click handler for all of them, from the site's
 * layout, hands a plain click to the router as a <Link> would. An address that is not a path from
 * the site's root (a relative one, another site's, which a menu item in the database could hold)
 * gets React Router's own <Link>.
 */
type Follow = (event: MouseEvent<HTMLElement>) => void;

const FollowContext = createContext<Follow | null>(null);

/**
 * Gives the links inside the router's navigation. Without it (a page with no script) they are
 * plain links the browser follows, which is what they render as anyway.
 */
export function PlainLinksFollowed({ children }: { children: ReactNode }) {
  const follow = useFollowLinks();
  return <FollowContext value={follow}>{children}</FollowContext>;
}

/**
 * A click handler for the links inside an element: a plain click on one to this site goes to the
 * router, replacing the history entry when it leads where the visitor already is (as <Link> does).
 */
export function useFollowLinks(): Follow {
  const navigate = useNavigate();
  return useCallback(
    (event) => {
      const path = routerPath(event);
      if (path === null) return;
      event.preventDefault();
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      void navigate(path, { replace: path === here });
    },
    [navigate],
  );
}

type PlainLinkProps = Omit<ComponentProps<"a">, "href"> & { to: string };

/** An address React Router's <Link> would render unchanged: a path from this site's root. */
const isSitePath = (to: string) => to.startsWith("/") && !to.startsWith("//");

const WITHOUT_TO = { to: undefined };

export function PlainLink(props: PlainLinkProps) {
  const follow = use(FollowContext);
  const { to, onClick } = props;
  if (!isSitePath(to)) return <Link {...props} />;
  // The props spread as they are, `to` blanked (React leaves an undefined attribute out): a rest
  // pattern (`{ to, ...rest }`) costs several times as much, on forty links a page.
  return (
    // The link's text is among the props spread (`children`).
    // eslint-disable-next-line jsx-a11y/anchor-has-content
    <a
      {...props}
      {...WITHOUT_TO}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        follow?.(event);
      }}
      data-discover="true"
    />
  );
}

/**
 * A menu link marked as the current page's when the visitor is on it or below it ("/" only on
 * itself), as the <NavLink end={to === "/"}> it replaces marked it.
 */
export function PlainNavLink({ to, className = "", ...props }: PlainLinkProps) {
  const { pathname } = useLocation();
  const current = isSitePath(to) && isCurrentPath(to, pathname);
  return (
    <PlainLink
      aria-current={current ? "page" : undefined}
      // NavLink's class for the current link, kept so the HTML is what it was.
      className={current ? `${className} active` : className}
      to={to}
      {...props}
    />
  );
}
