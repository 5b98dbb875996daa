// Webhooks (a settings page), and a plan's schedules and triggers, which the plan page shows.
export { SchedulesSection } from './SchedulesSection';
export { TriggersSection } from './TriggersSection';
export { WebhooksPage } from './WebhooksPage';
