// The current organization: its settings page, the switcher in the app shell, and leaving it
// (offered on the members page).
export { OrgSwitcher } from './OrgSwitcher';
export { OrganizationPage } from './OrganizationPage';
export { useLeaveOrganization } from './hooks';
