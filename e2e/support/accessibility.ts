import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe (WCAG 2.1 A and AA rules) on what the page shows now and fails the journey on any
 * serious or critical violation, naming the rule and the first elements it found. `exclude` (a
 * CSS selector) leaves out parts that repeat a checked part's markup many times over.
 */
export async function expectNoSeriousAxeViolations(page: Page, screen: string, { exclude }: { exclude?: string } = {}): Promise<void> {
  // A dialog still fading in is measured against its half-transparent self: wait for the screen to settle.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (exclude ? builder.exclude(exclude) : builder).analyze();
  const blocking = results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  expect(blocking, `axe on ${screen}`).toEqual([]);
}
