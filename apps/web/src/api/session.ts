/**
 * The browser's session is two cookies the API sets on sign-up and login: `loadline_session`
 * (HttpOnly, so no script, ours or injected, can read the token) and `loadline_csrf`
 * (readable; echoed in the X-CSRF-Token header of unsafe requests, which a cross-site page
 * cannot do). Who the user is comes from GET /me (features/auth/hooks), never from storage.
 *
 * This module answers "is there probably a session?" without a round trip: the CSRF cookie
 * lives exactly as long as the session cookie. GET /me confirms it; a 401 anywhere clears it.
 */

export const CSRF_COOKIE = 'loadline_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** Before cookie sessions the web app kept a bearer token here; it must not linger. */
const LEGACY_STORAGE_KEY = 'loadline.session';
const CHANNEL_NAME = 'loadline.session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isUnsafeMethod(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** One cookie's value from a `document.cookie` string, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0 || part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw || null;
    }
  }
  return null;
}

function documentCookies(): string {
  return typeof document === 'undefined' ? '' : document.cookie;
}

export function csrfToken(): string | null {
  return readCookie(documentCookies(), CSRF_COOKIE);
}

/** The headers an API request needs besides its own: the CSRF token on unsafe methods. */
export function sessionHeaders(method: string): Record<string, string> {
  if (!isUnsafeMethod(method)) return {};
  const token = csrfToken();
  return token ? { [CSRF_HEADER]: token } : {};
}

/**
 * What other tabs of this browser are told. They share the cookies, so a sign-out or an
 * organization switch in one tab changes what every tab's next request acts on; their cached
 * pages must follow rather than show (and write to) the previous organization.
 */
export type SessionChange = 'signed-in' | 'signed-out' | 'switched';

type Listener = () => void;
type ChangeListener = (change: SessionChange) => void;

const listeners = new Set<Listener>();
const changeListeners = new Set<ChangeListener>();

const channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);

channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
  const change = event.data;
  if (change !== 'signed-in' && change !== 'signed-out' && change !== 'switched') return;
  emit();
  for (const listener of changeListeners) listener(change);
});

function emit(): void {
  for (const listener of listeners) listener();
}

function broadcast(change: SessionChange): void {
  try {
    channel?.postMessage(change);
  } catch {
    // A closed channel (page unloading) has nobody left to tell.
  }
}

export const sessionStore = {
  /** True while the CSRF cookie is there, i.e. the API gave this browser a session. */
  signedIn(): boolean {
    return csrfToken() !== null;
  },
  /** After sign-up or login: the API has just set the cookies. */
  started(): void {
    emit();
    broadcast('signed-in');
  },
  /** After switching or leaving an organization: the same session now acts for another one. */
  switched(): void {
    broadcast('switched');
  },
  /**
   * Ends the session on this side (after logout, or when the API answers 401). The session
   * cookie is HttpOnly and only the API can remove it; dropping the CSRF cookie is enough for
   * the app to treat the browser as signed out.
   */
  clear(): void {
    if (typeof document !== 'undefined') {
      document.cookie = `${CSRF_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
    }
    emit();
    // Told even when the cookie was already gone: after POST /auth/logout the API removed it first.
    broadcast('signed-out');
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Changes made by other tabs. */
  onRemoteChange(listener: ChangeListener): () => void {
    changeListeners.add(listener);
    return () => changeListeners.delete(listener);
  },
};

try {
  if (typeof localStorage !== 'undefined') localStorage.removeItem(LEGACY_STORAGE_KEY);
} catch {
  // Storage may be disabled; then there is nothing stored either.
}
