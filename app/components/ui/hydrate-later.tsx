import { lazy, memo, Suspense, type ComponentType, type NamedExoticComponent } from "react";

/** The modules of every hydrateLater component, loading or loaded (for `whenLaterModulesLoaded`). */
const modules: Promise<unknown>[] = [];

/**
 * A component the server renders in full whose code stays out of the browser's first load
 * (docs/decisions/028): the FAQ's Radix accordion.
 *
 * Its module starts loading as soon as this function runs, on the server and in the browser. The
 * server waits for it before its first render (`whenLaterModulesLoaded`, entry.server.tsx), so its
 * HTML always has the component in full, inside a Suspense boundary. In the browser the module
 * arrives after the page's own scripts: until then React leaves the boundary's server markup
 * exactly as it is (nothing is replaced, so nothing moves) and hydrates it once the module is
 * there; a click on it meanwhile is replayed by React afterwards. After a client-side navigation
 * the module is usually there already, and the component shows at once.
 *
 * Its props must keep their identity while the page re-renders (loader data does; an array built
 * during render does not): it is memoised, because React gives up on server markup that receives
 * new props before it could hydrate, and shows the empty fallback until the module arrives.
 */
export function hydrateLater<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
): NamedExoticComponent<Props> {
  let loaded: ComponentType<Props> | undefined;
  const loading = load().then(
    (component) => (loaded = component),
    (error: unknown) => {
      // On the server a module of its own build that does not load is a broken release: say so.
      if (typeof window === "undefined") throw error;
      // In the browser: offline, or a new release replaced the file. The server's markup stays,
      // readable but not interactive, rather than the page turning into an error.
      console.warn(`${name} could not load`, error);
      return new Promise<never>(() => undefined);
    },
  );
  modules.push(loading);
  const Lazy = lazy(() => loading.then((component) => ({ default: component })));

  function HydrateLater(props: Props) {
    // Once loaded, rendered directly: no Suspense fallback after a client-side navigation.
    const Component = loaded ?? Lazy;
    return (
      <Suspense>
        <Component {...props} />
      </Suspense>
    );
  }
  HydrateLater.displayName = `HydrateLater(${name})`;
  return memo(HydrateLater);
}

/** Resolves once every hydrateLater module has loaded; the server renders no page before that. */
export function whenLaterModulesLoaded(): Promise<void> {
  return Promise.all(modules).then(() => undefined);
}
