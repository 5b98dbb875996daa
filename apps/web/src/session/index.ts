// The session: who is signed in, for which organization and with which role, what that role
// may do, switching organization and signing out. Features and the app shell use it only
// through this file.
export { switchTo, useAccount, useApplyMe, useCan, useLogout, useMe, useSessionSync, useSignedIn, useSwitchOrganization } from './hooks';
export { loginNotice } from './login-notice';
export { RequirePermission } from './RequirePermission';
export { ROLE_LABEL, aRole, grantableRoles, roleOptions, roleSentence } from './roles';
