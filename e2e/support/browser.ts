import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { ARTIFACTS_DIR, BASE_URL, CHROMIUM_PATH } from './env.js';
import { signInContext, type ApiSession } from './setup.js';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface Viewport {
  width: number;
  height: number;
}

export const DESKTOP: Viewport = { width: 1280, height: 900 };
export const PHONE: Viewport = { width: 390, height: 844 };

export async function newContext(browser: Browser, viewport: Viewport = DESKTOP): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport,
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'UTC',
    isMobile: viewport.width < 600,
    hasTouch: viewport.width < 600,
  });
  context.setDefaultTimeout(15_000);
  // The app talks only to its own origin; anything else would be a bug (and traffic elsewhere).
  const allowedOrigin = new URL(BASE_URL).origin;
  await context.route(
    (url) => url.origin !== allowedOrigin && !url.protocol.startsWith('data') && !url.protocol.startsWith('blob'),
    (route) => route.abort('blockedbyclient'),
  );
  return context;
}

/** Full-page screenshot into e2e/artifacts/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  // A full-page shot of a scrolled page would paint the sticky top bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

export interface BrowserTab {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Closes the context, then the browser. */
  close(): Promise<void>;
}

/**
 * What every spec starts from: Chromium, a desktop context (signed in as `signedInAs` when
 * given) and a page whose uncaught errors land in `pageErrors`, for the spec to assert none.
 */
export async function openBrowserTab(pageErrors: string[], options: { signedInAs?: ApiSession; errorLabel?: string } = {}): Promise<BrowserTab> {
  const browser = await launchBrowser();
  const context = await newContext(browser);
  if (options.signedInAs) await signInContext(context, options.signedInAs);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(options.errorLabel ? `${options.errorLabel}: ${error.message}` : error.message));
  return {
    browser,
    context,
    page,
    close: async () => {
      await context.close();
      await browser.close();
    },
  };
}

/** A short unique suffix for the names, emails and organizations a spec creates. */
export const uniqueStamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
