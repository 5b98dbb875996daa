import type { Locator, Page } from 'playwright-core';

/** The plan page's Schedules and Trigger URLs sections. */
export class PlanAutomation {
  constructor(private readonly page: Page) {}

  async addSchedule(spec: { cron: string; timezone: string; missed?: 'SKIP' | 'RUN_ONCE'; overlap?: 'SKIP' | 'RUN'; target?: string }): Promise<Locator> {
    await this.page.getByTestId('add-schedule').click();
    const form = this.page.getByTestId('schedule-form');
    await form.getByTestId('schedule-cron').fill(spec.cron);
    await form.getByTestId('schedule-timezone').fill(spec.timezone);
    if (spec.target) await chooseTarget(form.getByTestId('schedule-target'), spec.target);
    if (spec.missed) await form.getByTestId('schedule-missed').selectOption(spec.missed);
    if (spec.overlap) await form.getByTestId('schedule-overlap').selectOption(spec.overlap);
    await form.getByTestId('schedule-save').click();
    await form.waitFor({ state: 'detached' });
    const schedule = this.page.locator('[data-testid^="schedule-"][data-enabled]').filter({ hasText: spec.cron }).first();
    await schedule.waitFor();
    return schedule;
  }

  /** The fire times a schedule lists (their datetime attributes, ISO). */
  async fireTimes(schedule: Locator): Promise<string[]> {
    return schedule.locator('[data-testid="fire-times"] time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
  }

  /**
   * Reloads the plan page until the schedule's slot history lists a slot with this outcome;
   * returns the outcomes listed (newest first) and the run links.
   */
  async waitForSlot(cron: string, outcome: string, timeoutMs = 60_000): Promise<{ outcomes: string[]; runLinks: string[] }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const schedule = this.page.locator('[data-testid^="schedule-"][data-enabled]').filter({ hasText: cron });
      await schedule.waitFor();
      await schedule.getByTestId('schedule-slots-toggle').click();
      const table = schedule.getByTestId('schedule-slots');
      await Promise.race([table.waitFor(), schedule.getByText('No slot has fired yet.').waitFor()]).catch(() => undefined);
      if (await table.count()) {
        const outcomes = await table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-outcome') ?? ''));
        if (outcomes.includes(outcome)) {
          const runLinks = await table.locator('a[href^="/runs/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
          return { outcomes, runLinks };
        }
      }
      if (Date.now() > deadline) throw new Error(`no ${outcome} slot for ${cron} within ${timeoutMs} ms`);
      await this.page.waitForTimeout(2_000);
      await this.page.reload();
    }
  }

  /** Disables the schedule with this cron from its row. */
  async disable(cron: string): Promise<void> {
    const schedule = this.page.locator('[data-testid^="schedule-"][data-enabled]').filter({ hasText: cron });
    await schedule.getByTestId('schedule-toggle').click();
    await this.page.locator('[data-testid^="schedule-"][data-enabled="false"]').filter({ hasText: cron }).waitFor();
  }

  /** Creates a trigger URL; returns the URL and the curl example shown once. */
  async createTrigger(name: string, target?: string): Promise<{ url: string; curl: string }> {
    await this.page.getByTestId('trigger-name').fill(name);
    if (target) await chooseTarget(this.page.getByTestId('trigger-target'), target);
    await this.page.getByTestId('create-trigger').click();
    const value = this.page.getByTestId('trigger-url-value');
    await value.waitFor();
    return { url: await value.inputValue(), curl: await this.page.getByTestId('trigger-curl').innerText() };
  }

  /** The "Runs against" column of a trigger's row. */
  async triggerTarget(name: string): Promise<string> {
    return (await this.page.getByTestId(`trigger-${name}`).getByTestId('trigger-target-name').innerText()).trim();
  }
}

/** Picks a target in a "Runs against" select by its name (options also say "the plan's own", "unverified"). */
async function chooseTarget(select: Locator, name: string): Promise<void> {
  const value = await select.locator('option', { hasText: name }).first().getAttribute('value');
  await select.selectOption(value!);
}

/** Settings → Webhooks. */
export class WebhooksPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/settings/webhooks');
    await this.page.getByTestId('webhook-form').waitFor();
  }

  /** Adds an endpoint for these events; returns the signing secret shown once. */
  async create(url: string, events: string[], description = ''): Promise<string> {
    const form = this.page.getByTestId('webhook-form');
    await form.getByTestId('webhook-url').fill(url);
    await form.getByTestId('webhook-description').fill(description);
    for (const box of await form.locator('input[type="checkbox"]').all()) {
      const event = ((await box.getAttribute('data-testid')) ?? '').replace('webhook-event-', '');
      if ((await box.isChecked()) !== events.includes(event)) await box.click();
    }
    await form.getByTestId('webhook-save').click();
    const secret = this.page.getByTestId('webhook-secret-value');
    await secret.waitFor();
    return secret.inputValue();
  }

  async dismissSecret(): Promise<void> {
    await this.page.getByTestId('webhook-secret').getByRole('button', { name: 'I have stored it' }).click();
  }

  webhook(url: string): Locator {
    return this.page.getByTestId(`webhook-${url}`);
  }

  async sendTest(url: string): Promise<void> {
    await this.webhook(url).getByTestId('webhook-test').click();
    await this.webhook(url).getByTestId('webhook-deliveries').waitFor({ timeout: 20_000 });
  }

  /** Rotate secret -> confirm; returns the new secret and the "previous secret … until" note. */
  async rotateSecret(url: string): Promise<{ secret: string; previousUntil: string }> {
    const webhook = this.webhook(url);
    await webhook.getByTestId('webhook-rotate').click();
    await webhook.getByTestId('webhook-rotate-confirm').getByRole('button', { name: 'Rotate' }).click();
    const secret = webhook.getByTestId('webhook-secret-value');
    await secret.waitFor();
    return { secret: await secret.inputValue(), previousUntil: (await webhook.getByTestId('previous-secret-until').innerText()).trim() };
  }

  /** Waits until a delivery of `eventType` is no longer pending; returns its status and response text. */
  async waitForDelivery(url: string, eventType: string, timeoutMs = 30_000): Promise<{ status: string; response: string }> {
    const row = this.webhook(url).getByTestId(`delivery-${eventType}`).first();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await row.count()) {
        const status = (await row.getAttribute('data-status')) ?? '';
        if (status !== 'PENDING') return { status, response: (await row.getByTestId('delivery-response').innerText()).trim() };
      }
      if (Date.now() > deadline) throw new Error(`no settled ${eventType} delivery within ${timeoutMs} ms`);
      await this.page.waitForTimeout(500);
    }
  }
}
