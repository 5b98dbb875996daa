// Signing in, signing up and accepting an invite. The session itself is src/session/.
export { InvitePage } from './InvitePage';
export { LoginPage } from './LoginPage';
export { SignupPage } from './SignupPage';
export { ChangePasswordPage } from './ChangePasswordPage';
export { ResetPasswordPage } from './ResetPasswordPage';
