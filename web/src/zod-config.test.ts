import { config } from 'zod';
import { expect, it } from 'vitest';
import './zod-config';

it('zod starts without compiling parsers, so the content security policy sees no eval', () => {
  expect(config().jitless).toBe(true);
});
