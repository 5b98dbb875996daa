import { afterEach, describe, expect, it, vi } from 'vitest';
import { isUnsafeMethod, readCookie, sessionHeaders, sessionStore } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('readCookie', () => {
  it('finds one cookie by exact name and decodes it', () => {
    expect(readCookie('a=1; loadline_csrf=x%2By; b=2', 'loadline_csrf')).toBe('x+y');
    expect(readCookie('xloadline_csrf=nope; loadline_csrf_old=no', 'loadline_csrf')).toBeNull();
    expect(readCookie('loadline_csrf=', 'loadline_csrf')).toBeNull();
    expect(readCookie('', 'loadline_csrf')).toBeNull();
    expect(readCookie('loadline_csrf=%E0%A4%A', 'loadline_csrf')).toBe('%E0%A4%A');
  });
});

describe('session headers', () => {
  it('adds X-CSRF-Token to unsafe methods only', () => {
    vi.stubGlobal('document', { cookie: 'loadline_csrf=tok' });
    expect(isUnsafeMethod('post')).toBe(true);
    expect(isUnsafeMethod('GET')).toBe(false);
    expect(sessionHeaders('DELETE')).toEqual({ 'X-CSRF-Token': 'tok' });
    expect(sessionHeaders('PUT')).toEqual({ 'X-CSRF-Token': 'tok' });
    expect(sessionHeaders('GET')).toEqual({});
  });

  it('adds nothing without a session', () => {
    vi.stubGlobal('document', { cookie: '' });
    expect(sessionHeaders('POST')).toEqual({});
    expect(sessionStore.signedIn()).toBe(false);
  });

  it('counts the browser signed in while the CSRF cookie is there', () => {
    vi.stubGlobal('document', { cookie: 'loadline_csrf=tok' });
    expect(sessionStore.signedIn()).toBe(true);
  });
});
