import { Link, useLocation } from 'react-router';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';
import { useLogin } from './hooks';

/** Why the user is here, when another page sent them (state.notice) or a page needed a session (state.from). */
function arrivalNotice(state: unknown): string | null {
  if (!state || typeof state !== 'object') return null;
  if ('notice' in state && typeof state.notice === 'string') return state.notice;
  return 'from' in state ? 'Please sign in to continue.' : null;
}

export function LoginPage() {
  const login = useLogin();
  const location = useLocation();
  const notice = arrivalNotice(location.state);

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to run and read your load tests."
      footer={
        <>
          New to Loadline? <Link to="/signup">Create an account</Link>
        </>
      }
    >
      {notice && !login.isError ? (
        <p className="alert alert--info" role="status">
          {notice}
        </p>
      ) : null}
      <LoginForm onLogin={(input, handlers) => login.mutate(input, handlers)} pending={login.isPending} />
    </AuthLayout>
  );
}
