// Targets: their pages, and reading or creating them for the plan pages, the import and the
// dashboard.
export { TargetPage } from './TargetPage';
export { TargetsPage } from './TargetsPage';
export { useCreateTarget, useTarget, useTargets } from './hooks';
