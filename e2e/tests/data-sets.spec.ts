import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DataSetsPage } from '../pages/DataSetsPage.js';
import { seriousAccessibilityViolations } from '../support/accessibility.js';
import { waitForApi } from '../support/api.js';
import { openBrowserTab, screenshot, uniqueStamp, type BrowserTab } from '../support/browser.js';
import { signUpViaApi, type ApiSession } from '../support/setup.js';

const TOKENS = ['tok-e2e-aaa111', 'tok-e2e-bbb222', 'tok-e2e-ccc333'];
const USERS_CSV = `user,token,plan\n${TOKENS.map((token, i) => `user${i},${token},gold`).join('\n')}\n`;

/**
 * Data sets in the browser (issue 31): upload a CSV with a secret column, see its first rows
 * with the secret masked, have a bad file refused naming its line while the stored version
 * stays, and upload a second version.
 */
describe('data sets', { timeout: 120_000 }, () => {
  let tab: BrowserTab;
  let page: Page;
  let session: ApiSession;
  const pageErrors: string[] = [];

  before(async () => {
    await waitForApi();
    session = await signUpViaApi(`data-${uniqueStamp()}`);
    tab = await openBrowserTab(pageErrors, { signedInAs: session });
    page = tab.page;
  });

  after(async () => {
    await tab?.close();
  });

  it('uploads a CSV with a secret column and previews it masked; a bad file is refused with its line', async (t) => {
    const sets = new DataSetsPage(page);
    try {
      await sets.goto();
      await sets.upload({ name: 'users', fileName: 'users.csv', contents: USERS_CSV, secret: ['token'] });
      assert.deepEqual(await sets.outcome(), { ok: true, text: 'Uploaded users version 1: 3 rows.' });
      await sets.listed('users').waitFor();
      assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on the data sets page');

      await sets.open('users');
      const preview = await sets.preview();
      assert.deepEqual(preview.columns, ['user', 'token (secret)', 'plan']);
      assert.deepEqual(
        preview.rows,
        TOKENS.map((_, i) => [`user${i}`, '••••••', 'gold']),
      );
      assert.equal(preview.count, '3 of 3 rows shown.');
      const html = await page.content();
      for (const token of TOKENS) assert.ok(!html.includes(token), `${token} is not on the page`);
      await screenshot(page, '90-data-set-preview');
      assert.deepEqual(await seriousAccessibilityViolations(page), [], 'axe on a data set page');

      await sets.upload({ name: 'users', fileName: 'users.csv', contents: 'user,token,plan\nuser9,t9\n' }, 'Upload a new version');
      const refused = await sets.outcome();
      assert.equal(refused.ok, false);
      assert.match(refused.text, /^Line 2 has 2 fields instead of the header's 3/);
      assert.deepEqual(await sets.versions(), ['v1'], 'the refused file made no version');

      await sets.upload({ name: 'users', fileName: 'users.csv', contents: 'user,token,plan\nuser9,t9,silver\n', secret: ['token'] }, 'Upload a new version');
      assert.deepEqual(await sets.outcome(), { ok: true, text: 'Uploaded users version 2: 1 row.' });
      assert.deepEqual(await sets.versions(), ['v2', 'v1']);
      assert.deepEqual((await sets.preview()).rows, [['user9', '••••••', 'silver']]);
      await sets.previewVersion(1);
      assert.equal((await sets.preview()).rows.length, 3);
      assert.deepEqual(pageErrors, []);
    } catch (error) {
      await screenshot(page, '99-data-sets-failure').catch(() => undefined);
      t.diagnostic(`failed at ${page.url()}`);
      throw error;
    }
  });
});
