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
    },
  }),
);
