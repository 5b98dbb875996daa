import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { InvitationPreview } from '@loadline/shared';
import { ErrorState, LoadingState, errorMessage } from '../../components/States';
import { formatDateTime } from '../../format/time';
import { ROLE_LABEL, roleSentence, useLogout, useMe, useSignedIn, useSwitchOrganization } from '../../session';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';
import { SignupForm } from './SignupForm';
import { deadInviteReason, loginErrorMessage } from './auth-errors';
import { isApiError } from '../../api/client';
import { AcceptAfterLoginError, useAcceptInvite, useInvitation, useLoginAndAccept } from './hooks';

type Mode = 'choose' | 'signup' | 'login';

/** `/invite/:token`: what the link is for, then sign up through it, or log in and accept it. */
export function InvitePage() {
  const { token = '' } = useParams<{ token: string }>();
  const invitation = useInvitation(token);

  if (invitation.isPending) {
    return (
      <AuthLayout title="Invitation" subtitle="Checking your invite link…" footer={null}>
        <LoadingState label="Checking the invite…" />
      </AuthLayout>
    );
  }
  if (invitation.isError) {
    const dead = deadInviteReason(invitation.error);
    return (
      <AuthLayout title="Invitation" subtitle="This link cannot be used to join." footer={<FooterLinks />}>
        {dead ? (
          <div className="alert alert--error" role="alert" data-testid="invite-dead">
            <p className="alert__title">{dead.title}</p>
            <p>{dead.text}</p>
          </div>
        ) : (
          <ErrorState title="Could not check this invite" error={invitation.error} onRetry={() => void invitation.refetch()} />
        )}
      </AuthLayout>
    );
  }
  return <InviteScreen token={token} invitation={invitation.data} />;
}

function FooterLinks() {
  const signedIn = useSignedIn();
  return signedIn ? (
    <Link to="/">Go to the dashboard</Link>
  ) : (
    <>
      <Link to="/login">Sign in</Link> or <Link to="/signup">create an account</Link>
    </>
  );
}

function InviteScreen({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const navigateHome = () => void navigate('/');
  const [mode, setMode] = useState<Mode>('choose');
  /** Login worked but accepting did not: shown on the signed-in view the page turns into. */
  const [acceptError, setAcceptError] = useState<unknown>(null);
  const org = invitation.organization.name;

  return (
    <AuthLayout
      title={`Join ${org}`}
      subtitle={
        <>
          {invitation.invitedBy ?? 'Someone'} invited you to join <strong>{org}</strong> on Loadline.
        </>
      }
      footer={<FooterLinks />}
    >
      <dl className="facts invite-facts" data-testid="invite-preview">
        <div>
          <dt>Organization</dt>
          <dd>{org}</dd>
        </div>
        <div>
          <dt>Your role</dt>
          <dd data-testid="invite-role">{ROLE_LABEL[invitation.role]}</dd>
        </div>
        {invitation.email ? (
          <div>
            <dt>For</dt>
            <dd data-testid="invite-email">{invitation.email}</dd>
          </div>
        ) : null}
        <div>
          <dt>Invited by</dt>
          <dd>{invitation.invitedBy ?? '—'}</dd>
        </div>
        <div>
          <dt>Link works until</dt>
          <dd>{formatDateTime(invitation.expiresAt)}</dd>
        </div>
      </dl>
      <p className="muted small invite-role-note">{roleSentence(invitation.role)}</p>
      {/* A form keeps showing until it finishes, even once the new session exists. */}
      {signedIn && mode === 'choose' ? (
        <AcceptAsSignedIn token={token} org={org} initialError={acceptError} />
      ) : mode === 'signup' ? (
        <GuestForm title="Create your account" onBack={() => setMode('choose')}>
          <SignupForm inviteToken={token} invitedEmail={invitation.email} label="Create your account" onSignedUp={navigateHome} />
        </GuestForm>
      ) : mode === 'login' ? (
        <GuestForm title="Log in to accept" onBack={() => setMode('choose')}>
          <LoginAndAccept
            token={token}
            onAccepted={navigateHome}
            onAcceptFailed={(error) => {
              setAcceptError(error);
              setMode('choose');
            }}
          />
        </GuestForm>
      ) : (
        <div className="invite-choices">
          <button type="button" className="button button--primary button--block" onClick={() => setMode('signup')}>
            Create account
          </button>
          <button type="button" className="button button--secondary button--block" onClick={() => setMode('login')}>
            I have an account: log in and accept
          </button>
        </div>
      )}
    </AuthLayout>
  );
}

function GuestForm({ title, onBack, children }: { title: string; onBack: () => void; children: ReactNode }) {
  return (
    <section className="invite-form" aria-label={title}>
      <div className="invite-form__head">
        <h2 className="invite-form__title">{title}</h2>
        <button type="button" className="button button--ghost button--small" onClick={onBack}>
          Back
        </button>
      </div>
      {children}
    </section>
  );
}

interface LoginAndAcceptProps {
  token: string;
  onAccepted: () => void;
  onAcceptFailed: (error: unknown) => void;
}

function LoginAndAccept({ token, onAccepted, onAcceptFailed }: LoginAndAcceptProps) {
  const loginAndAccept = useLoginAndAccept(token);
  return (
    <LoginForm
      label="Log in to accept"
      submitLabel="Log in and accept"
      pending={loginAndAccept.isPending}
      onLogin={(input, handlers) => loginAndAccept.mutate(input, { ...handlers, onSuccess: onAccepted })}
      describeError={(error) => {
        if (error instanceof AcceptAfterLoginError) {
          onAcceptFailed(error.acceptError);
          return null;
        }
        return loginErrorMessage(error);
      }}
    />
  );
}

function AcceptAsSignedIn({ token, org, initialError }: { token: string; org: string; initialError: unknown }) {
  const navigate = useNavigate();
  const me = useMe();
  const accept = useAcceptInvite(token);
  const switchOrg = useSwitchOrganization();
  const logout = useLogout();
  const error = accept.error ?? initialError;
  const dead = error ? deadInviteReason(error) : null;
  const email = me.data?.user?.email;
  // Already in it: offer the switch, when the name tells which of their organizations it is.
  const alreadyIn = isApiError(error) && error.code === 'ALREADY_MEMBER' ? me.data?.organizations.filter((o) => o.name === org) : undefined;
  const joined = alreadyIn?.length === 1 ? alreadyIn[0] : undefined;

  return (
    <div className="invite-accept">
      {error ? (
        <div className="alert alert--error" role="alert" data-testid="invite-accept-error">
          <p className="alert__title">{dead ? dead.title : 'The invite could not be accepted.'}</p>
          <p>{dead ? dead.text : errorMessage(error)}</p>
        </div>
      ) : null}
      <p className="small">
        You are signed in
        {email ? (
          <>
            {' '}
            as <strong>{email}</strong>
          </>
        ) : null}
        .{' '}
        <button type="button" className="link-button" onClick={() => logout.mutate()} disabled={logout.isPending}>
          Not you? Sign out
        </button>
      </p>
      {joined ? (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={switchOrg.isPending || joined.id === me.data?.tenant.id}
          onClick={() => switchOrg.mutate(joined.id, { onSuccess: () => void navigate('/') })}
        >
          {joined.id === me.data?.tenant.id ? `You are in ${org} now` : `Switch to ${org}`}
        </button>
      ) : dead ? null : (
        <button
          type="button"
          className="button button--primary button--block"
          disabled={accept.isPending}
          onClick={() => accept.mutate(undefined, { onSuccess: () => void navigate('/') })}
        >
          {accept.isPending ? 'Joining…' : `Accept and join ${org}`}
        </button>
      )}
    </div>
  );
}
