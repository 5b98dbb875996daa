// A run's page, live while it goes, and lists of runs. The report it shows is run-report/.
export { RunPage } from './RunPage';
export { RunsTable } from './RunsTable';
export { useRuns } from './hooks';
