/**
 * A message for the login page when the app itself ended the session (logout, the
 * organization was deleted). RequireAuth is what sends the browser to /login as soon as the
 * session is gone, before the page that ended it could navigate with a message of its own,
 * so the message waits here instead.
 */
let pending: string | null = null;

export const loginNotice = {
  set(message: string): void {
    pending = message;
  },
  peek(): string | null {
    return pending;
  },
  clear(): void {
    pending = null;
  },
};
