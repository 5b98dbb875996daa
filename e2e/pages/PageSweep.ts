import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from '../support/accessibility.js';
import { join } from 'node:path';
import { screenshot } from '../support/browser.js';
import { ARTIFACTS_DIR } from '../support/env.js';

/**
 * Any page of the app, opened the way a user opens it (a fresh navigation), read for what the
 * issue asks of every page: when it became usable, what axe says, and how it looks.
 */
export class PageSweep {
  constructor(private readonly page: Page) {}

  /**
   * Navigates and answers the milliseconds from navigation start until the page is usable: its
   * main landmark shows a visible heading and no loading spinner (`ready`, when given, must be
   * visible too). Measured in the page (performance.now() counts from navigation start), on
   * animation frames, so the test's own round trips are not counted.
   */
  async open(path: string, ready?: string): Promise<number> {
    await this.page.goto(path, { waitUntil: 'commit' });
    const handle = await this.page.waitForFunction(
      (readySelector) => {
        const visible = (element: Element | null) => {
          if (!element) return false;
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
        };
        const main = document.getElementById('main');
        if (!main || !visible(main.querySelector('h1'))) return false;
        if (main.querySelector('.state--loading')) return false;
        if (readySelector && !visible(document.querySelector(readySelector))) return false;
        return performance.now();
      },
      ready ?? null,
      { polling: 'raf', timeout: 30_000 },
    );
    return Math.round((await handle.jsonValue()) as number);
  }

  /** Serious and critical axe findings on the page as it is now. */
  async accessibility(): Promise<string[]> {
    return seriousAccessibilityViolations(this.page);
  }

  async screenshot(name: string): Promise<string> {
    return screenshot(this.page, name);
  }

  /** The first screen only (what shows without scrolling), into e2e/artifacts/<name>-first-screen.png. */
  async firstScreen(name: string): Promise<string> {
    await this.page.evaluate(() => window.scrollTo(0, 0));
    const path = join(ARTIFACTS_DIR, `${name}-first-screen.png`);
    await this.page.screenshot({ path, animations: 'disabled' });
    return path;
  }
}
