// The home page.
export { DashboardPage } from './DashboardPage';
