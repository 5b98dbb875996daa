import { isApiError } from '../../api/client';
import { errorMessage } from '../../components/States';

/** "45 seconds", "about 15 minutes", "about 2 hours": a wait as people say it. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} second${Math.round(seconds) === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** The sign-in form's message for a failed login. */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'INVALID_CREDENTIALS' || error.status === 401) return 'Email or password is not right.';
    if (error.code === 'LOGIN_LOCKED' || error.status === 429) {
      const wait = error.retryAfterSeconds;
      // The API locks an account and also an address that failed too often; it does not say which.
      return `Too many failed sign-ins. ${wait ? `Try again in ${formatWait(wait)}` : 'Try again later'}.`;
    }
  }
  return errorMessage(error);
}

/** The sign-up form's headline for a failed sign-up; field details show under the fields. */
export function signupErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'WEAK_PASSWORD') return 'Please choose a stronger password.';
    const dead = deadInviteReason(error);
    if (dead) return `${dead.title}. ${dead.text}`;
  }
  return errorMessage(error);
}

export interface DeadInvite {
  title: string;
  text: string;
}

/** Why an invite link cannot be used, when the API said so; null for other errors. */
export function deadInviteReason(error: unknown): DeadInvite | null {
  if (!isApiError(error)) return null;
  switch (error.code) {
    case 'INVITE_EXPIRED':
      return { title: 'This invite has expired', text: 'Invite links work for a limited time. Ask the person who invited you for a new one.' };
    case 'INVITE_REVOKED':
      return { title: 'This invite was withdrawn', text: 'An admin of the organization revoked it. Ask for a new link if you still need access.' };
    case 'INVITE_ALREADY_USED':
      return { title: 'This invite has already been used', text: 'Each link lets one person join. If that was you, sign in; otherwise ask for a new link.' };
    case 'INVITE_NOT_FOUND':
      return { title: 'This invite link is not valid', text: 'Check that you opened the whole link, or ask for a new one.' };
    case 'ALREADY_MEMBER':
      return { title: 'You are already a member', text: 'There is nothing to accept: choose the organization in the menu at the top of the app.' };
    default:
      return error.status === 404 ? { title: 'This invite link is not valid', text: 'Check that you opened the whole link, or ask for a new one.' } : null;
  }
}
