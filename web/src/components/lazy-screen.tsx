import { Center, Loader } from '@mantine/core';
import { Suspense, use, type ComponentType, type ReactElement, type ReactNode } from 'react';

/** What fills a screen's place while its code loads: the layout around it is already drawn. */
export function ScreenLoader() {
  return (
    <Center mih="50dvh">
      <Loader role="status" aria-label="Loading" />
    </Center>
  );
}

/** Marks `promise` with its outcome once settled, as React's `use` reads it: a settled one is read at once, without suspending. */
function tracked<T>(promise: Promise<T>): Promise<T> {
  promise.then(
    (value) => Object.assign(promise, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
  );
  return promise;
}

/** Each lazy screen's loader, by the element standing for it in a route. */
const loaders = new WeakMap<object, () => Promise<unknown>>();

/**
 * A route element whose screen is fetched the first time it is shown, so each screen's code (and
 * what only it uses: charts, date pickers, Redoc) stays out of the first download. A screen whose
 * code is already here (see `preloadScreens`) renders at once, with no loader in between.
 */
export function lazyScreen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): ReactElement {
  let loading: Promise<ComponentType> | undefined;
  const loadOnce = () => (loading ??= tracked(load().then(pick)));
  function Screen() {
    const Loaded = use(loadOnce());
    return <Loaded />;
  }
  const element = (
    <Suspense fallback={<ScreenLoader />}>
      <Screen />
    </Suspense>
  );
  loaders.set(element, loadOnce);
  return element;
}

/**
 * Starts fetching the code of the lazy screens among `elements` (the routes the address matches)
 * at once, side by side and while the app still waits for its settings, rather than each only
 * once the layout around it has rendered. Settles when they are all here (or failed: the screen
 * then shows the failure when it renders).
 */
export async function preloadScreens(elements: Iterable<ReactNode>): Promise<void> {
  const loads = [...elements].flatMap((element) => (typeof element === 'object' && element !== null ? [loaders.get(element)?.()] : []));
  await Promise.allSettled(loads);
}
