import { Link } from 'react-router';
import { AuthLayout } from './AuthLayout';
import { SignupForm } from './SignupForm';

export function SignupPage() {
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Start load testing your services in a couple of minutes."
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <SignupForm />
    </AuthLayout>
  );
}
