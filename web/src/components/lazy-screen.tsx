import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';

/** What fills a screen's place while its code loads: the layout around it is already drawn. */
export function ScreenLoader() {
  return (
    <Center mih="50dvh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/**
 * A route element whose screen is fetched the first time it is shown, so each screen's code (and
 * what only it uses: charts, date pickers, Redoc) stays out of the first download.
 */
export function lazyScreen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): ReactElement {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return (
    <Suspense fallback={<ScreenLoader />}>
      <Screen />
    </Suspense>
  );
}
