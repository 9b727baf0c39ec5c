import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this sandboxed, offline machine needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface Tab {
  context: BrowserContext;
  page: Page;
  /** Errors the page threw or logged; a journey asserts there were none. */
  errors: string[];
}

export async function openTab(browser: Browser, baseURL: string, viewport = { width: 1280, height: 800 }): Promise<Tab> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * Waits for the page to reach `url`, as `page.waitForURL` does; when it does not, the error says
 * where the page stayed and what it showed (its alerts and toasts), so a failed run in CI explains
 * itself without a screenshot.
 */
export async function arriveAt(page: Page, url: Parameters<Page['waitForURL']>[0], timeout?: number): Promise<void> {
  try {
    await page.waitForURL(url, { timeout });
  } catch (error) {
    const shown = await page
      .getByRole('alert')
      .allInnerTexts()
      .catch(() => []);
    const alerts = shown.map((text) => text.trim()).filter(Boolean);
    throw new Error(
      `${(error as Error).message}\nThe page stayed at ${page.url()}${alerts.length > 0 ? `, showing: ${alerts.join(' | ')}` : ', with no alert shown'}`,
      { cause: error },
    );
  }
}

/** A Chromium started by another tool (Lighthouse's), driven through its DevTools port. */
export const connectToBrowser = (devtoolsUrl: string): Promise<Browser> => chromium.connectOverCDP(devtoolsUrl);
