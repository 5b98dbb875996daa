import type { Locator, Page } from 'playwright-core';

export interface DataSetUpload {
  name: string;
  /** A file name ending .csv or .json, and its text. */
  fileName: string;
  contents: string;
  /** Columns to tick as secret. */
  secret?: string[];
}

/** The data sets list with its upload form, and one set's page (preview, versions, new version). */
export class DataSetsPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/data-sets');
    await this.page.getByRole('heading', { name: 'Data sets', exact: true }).waitFor();
  }

  private form(name: string): Locator {
    return this.page.getByRole('form', { name });
  }

  /** Fills the upload form (on the list: with a name; on a set's page: a new version) and submits it. */
  async upload(upload: DataSetUpload, formName = 'Upload a data set'): Promise<void> {
    const form = this.form(formName);
    await form.getByLabel('File', { exact: true }).setInputFiles({
      name: upload.fileName,
      mimeType: upload.fileName.endsWith('.json') ? 'application/json' : 'text/csv',
      buffer: Buffer.from(upload.contents, 'utf8'),
    });
    if (formName === 'Upload a data set') await form.getByLabel('Name', { exact: true }).fill(upload.name);
    for (const column of upload.secret ?? []) await form.getByRole('group', { name: 'Secret columns' }).getByLabel(column, { exact: true }).check();
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
  }

  /** The note after an upload succeeded, or the refusal shown instead. */
  async outcome(): Promise<{ ok: boolean; text: string }> {
    const done = this.page.getByTestId('data-set-uploaded');
    const refused = this.page.getByTestId('data-set-upload-error');
    await done.or(refused).first().waitFor({ timeout: 15_000 });
    const ok = await done.isVisible();
    return { ok, text: (await (ok ? done : refused).innerText()).trim() };
  }

  listed(name: string): Locator {
    return this.page.getByTestId(`data-set-${name}`);
  }

  async open(name: string): Promise<void> {
    await this.listed(name).getByRole('link', { name, exact: true }).click();
    await this.page.getByTestId('data-set-preview').waitFor();
  }

  /** The preview's column headings and cells, as shown. */
  async preview(): Promise<{ columns: string[]; rows: string[][]; count: string }> {
    const table = this.page.getByTestId('data-set-preview');
    await table.waitFor();
    const columns = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
    const rows: string[][] = [];
    for (const row of await table.locator('tbody tr').all()) rows.push((await row.locator('td').allInnerTexts()).map((text) => text.trim()));
    return { columns, rows, count: (await this.page.getByTestId('data-set-preview-count').innerText()).trim() };
  }

  /** The version numbers listed, newest first ("v2", "v1"). */
  async versions(): Promise<string[]> {
    const table = this.page.getByTestId('data-set-versions');
    await table.waitFor();
    return (await table.locator('tbody tr td:first-child').allInnerTexts()).map((text) => text.trim());
  }

  async previewVersion(version: number): Promise<void> {
    await this.page.getByRole('button', { name: `Preview v${version}` }).click();
    await this.page.getByRole('heading', { name: `First rows of version ${version}` }).waitFor();
  }
}
