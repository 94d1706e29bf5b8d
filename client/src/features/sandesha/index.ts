export { LatestIssues } from './components/latest-issue';
