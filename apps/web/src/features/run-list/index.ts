// Lists of runs: the query and the table that the dashboard, the plan page and the compare
// picker share. Below runs/, plans/ and reports/ so that none of them loops back.
export { RunsTable, type RunsTableRow } from './RunsTable';
export { useRuns } from './hooks';
