// What is made of finished runs: comparisons, trends, baselines, share links (and the public
// page they open), exports, and the dashboard's trend summary.
export { BaselineCard } from './BaselineCard';
export { ComparePage } from './ComparePage';
export { PublicSharePage } from './PublicSharePage';
export { RunReportActions } from './RunReportActions';
export { SharesPage } from './SharesPage';
export { Sparkline } from './Sparkline';
export { TrendsPage } from './TrendsPage';
export { useDashboard } from './hooks';
export { describeTrendChange } from './report-format';
