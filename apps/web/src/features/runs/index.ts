// A run's page, live while it goes. The report it shows is run-report/; lists of runs are
// run-list/.
export { RunPage } from './RunPage';
