import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'catalog', include: ['src/**/*.test.ts'] } });
