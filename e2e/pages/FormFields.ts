import type { Locator, Page } from 'playwright-core';

/**
 * Any form of the app, read the way a user meets its validation: the message under a field
 * (the element its control's aria-describedby names as an error), where focus went, and
 * whether the browser's own bubbles are switched off.
 */
export class FormFields {
  constructor(
    private readonly page: Page,
    readonly form: Locator,
  ) {}

  static named(page: Page, name: string | RegExp): FormFields {
    return new FormFields(page, page.getByRole('form', { name }));
  }

  static byTestId(page: Page, testId: string): FormFields {
    return new FormFields(page, page.getByTestId(testId));
  }

  control(label: string | RegExp): Locator {
    return this.form.getByLabel(label, { exact: typeof label === 'string' });
  }

  async fill(label: string | RegExp, value: string): Promise<void> {
    await this.control(label).fill(value);
  }

  async submit(name: string | RegExp): Promise<void> {
    await this.form.getByRole('button', { name }).click();
  }

  /** The error shown under a field, or null when it shows none (a hint is not an error). */
  async errorOf(label: string | RegExp): Promise<string | null> {
    const control = this.control(label);
    const invalid = await control.getAttribute('aria-invalid');
    const describedBy = (await control.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(/\s+/).find((id) => id.endsWith('-error'));
    if (!errorId) {
      if (invalid === 'true') throw new Error(`${String(label)} is marked invalid but names no error message`);
      return null;
    }
    return (await this.page.locator(`[id="${errorId}"]`).innerText()).trim();
  }

  /** Waits until the field shows this error (messages appear after a render). */
  async waitForError(label: string | RegExp, message: string): Promise<void> {
    const deadline = Date.now() + 5_000;
    let last: string | null = null;
    while (Date.now() < deadline) {
      last = await this.errorOf(label);
      if (last === message) return;
      await this.page.waitForTimeout(50);
    }
    throw new Error(`${String(label)} shows ${JSON.stringify(last)}, not ${JSON.stringify(message)}`);
  }

  /** Waits until the field shows no error. */
  async waitForNoError(label: string | RegExp): Promise<void> {
    const deadline = Date.now() + 5_000;
    let last: string | null = null;
    while (Date.now() < deadline) {
      last = await this.errorOf(label);
      if (last === null) return;
      await this.page.waitForTimeout(50);
    }
    throw new Error(`${String(label)} still shows ${JSON.stringify(last)}`);
  }

  /** Whether this field's control has the keyboard focus. */
  async isFocused(label: string | RegExp): Promise<boolean> {
    return this.control(label).evaluate((element) => element === document.activeElement);
  }

  /** The browser validates nothing itself (no native bubbles): the form says it in words. */
  async browserValidationOff(): Promise<boolean> {
    return this.form.evaluate((form) => (form as HTMLFormElement).noValidate);
  }
}
