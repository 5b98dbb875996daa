// The organization's audit log: the settings page only.
export { AuditPage } from './AuditPage';
