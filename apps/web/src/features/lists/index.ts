// The Runs and Plans list pages, with their filters.
export { PlansListPage } from './PlansListPage';
export { RunsListPage } from './RunsListPage';
