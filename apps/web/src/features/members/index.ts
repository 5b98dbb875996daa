// Members and invites of the organization: the settings page only.
export { MembersPage } from './MembersPage';
