import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';
import { useLogin } from './hooks';
import { loginNotice } from '../../session';

/** Why the user is here: the app ended the session (loginNotice), or a page needed one (state.from). */
function arrivalNotice(state: unknown): string | null {
  const pending = loginNotice.peek();
  if (pending) return pending;
  return state && typeof state === 'object' && 'from' in state ? 'Please sign in to continue.' : null;
}

export function LoginPage() {
  const login = useLogin();
  const location = useLocation();
  const [notice] = useState(() => arrivalNotice(location.state));
  // The message belongs to this visit of the page only.
  useEffect(() => () => loginNotice.clear(), []);

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
