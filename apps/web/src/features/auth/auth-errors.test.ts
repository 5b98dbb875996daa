import { describe, expect, it } from 'vitest';
import { ApiError, toApiError } from '../../api/client';
import { deadInviteReason, formatWait, loginErrorMessage, signupErrorMessage } from './auth-errors';

describe('formatWait', () => {
  it('says seconds, minutes or hours', () => {
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(45)).toBe('45 seconds');
    expect(formatWait(61)).toBe('about 2 minutes');
    expect(formatWait(900)).toBe('about 15 minutes');
    expect(formatWait(7200)).toBe('about 2 hours');
  });
});

describe('loginErrorMessage', () => {
  it('does not say which of email or password was wrong', () => {
    expect(loginErrorMessage(new ApiError(401, 'INVALID_CREDENTIALS', 'E-mail or password is wrong'))).toBe('Email or password is not right.');
  });

  it('tells how long a locked-out login must wait, from Retry-After', () => {
    const locked = toApiError(429, { error: { code: 'LOGIN_LOCKED', message: 'locked', details: [] } }, '', '900');
    expect(locked.retryAfterSeconds).toBe(900);
    expect(loginErrorMessage(locked)).toMatch(/Try again in about 15 minutes/);
    expect(loginErrorMessage(new ApiError(429, 'LOGIN_LOCKED', 'locked'))).toMatch(/Try again later/);
  });
});

describe('invite errors', () => {
  it('names the specific reason a link is dead', () => {
    expect(deadInviteReason(new ApiError(410, 'INVITE_EXPIRED', 'x'))?.title).toBe('This invite has expired');
    expect(deadInviteReason(new ApiError(410, 'INVITE_REVOKED', 'x'))?.title).toBe('This invite was withdrawn');
    expect(deadInviteReason(new ApiError(409, 'INVITE_ALREADY_USED', 'x'))?.title).toBe('This invite has already been used');
    expect(deadInviteReason(new ApiError(404, 'NOT_FOUND', 'x'))?.title).toBe('This invite link is not valid');
    expect(deadInviteReason(new ApiError(500, 'HTTP_500', 'x'))).toBeNull();
  });

  it('sign-up through a dead link says why', () => {
    expect(signupErrorMessage(new ApiError(410, 'INVITE_EXPIRED', 'x'))).toMatch(/^This invite has expired\./);
    expect(signupErrorMessage(new ApiError(400, 'WEAK_PASSWORD', 'x'))).toBe('Please choose a stronger password.');
  });
});
