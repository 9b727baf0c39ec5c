import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

/** The portal's unit tests: jsdom, Testing Library, the same @/ alias as the build. */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      environmentOptions: { jsdom: { url: 'http://localhost/application/dashboard' } },
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      // A stubbed global (IntersectionObserver, fetch, …) is restored as the next test starts, not
      // in a file's afterEach: those run before the setup file's, so a screen's effect still
      // pending until cleanup() unmounts it would meet the global already gone.
      unstubGlobals: true,
      // A screen test types and clicks through jsdom: 2 to 4 s on a quiet 2-core machine, past
      // vitest's 5 s default when three files share the cores with other work. The limit only
      // catches a test that hangs.
      testTimeout: 20_000,
      // Mantine's modules go through the build's plugins here too (vite.config.ts changes a few of
      // them), so the screens are tested with the library code the portal ships.
      server: { deps: { inline: [/\/@mantine\//] } },
    },
  }),
);
