import type { Page } from 'playwright-core';

/** An iPhone 12 to 15's width in CSS pixels. */
export const PHONE = { width: 390, height: 844 };

/** How far the page scrolls sideways: 0 when nothing is wider than the screen. */
export const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Elements that reach past the screen's right edge with no scrolling box around them, to name in a failure. */
export const tooWide = (page: Page) =>
  page.evaluate(() => {
    const clipped = (element: HTMLElement) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement)
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      return false;
    };
    return Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(element))
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`);
  });
