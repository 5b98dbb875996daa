// Targets: their pages, and reading, creating or choosing them (a run's or a trend's
// environment) for the plan pages, the trends, the import and the dashboard.
export { TargetPage } from './TargetPage';
export { TargetsPage } from './TargetsPage';
export { TargetSelect } from './TargetSelect';
export { useCreateTarget, useTarget, useTargets } from './hooks';
