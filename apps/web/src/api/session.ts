import type { SessionView } from '@loadline/shared';

/**
 * The signed-in session, kept in localStorage so a reload keeps the user signed in.
 * Components read it through `useSession` (features/auth); the API client reads the token
 * and clears the session when the API answers 401.
 */
const STORAGE_KEY = 'loadline.session';

export type Session = SessionView;

type Listener = () => void;
const listeners = new Set<Listener>();
let cached: Session | null | undefined;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(): Session | null {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Session>;
    return typeof value.token === 'string' && value.user && value.tenant ? (value as Session) : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get(): Session | null {
    if (cached === undefined) cached = read();
    return cached;
  },
  token(): string | null {
    return sessionStore.get()?.token ?? null;
  },
  set(session: Session): void {
    cached = session;
    storage()?.setItem(STORAGE_KEY, JSON.stringify(session));
    emit();
  },
  /** Replaces the user/tenant/role details (from GET /me) but keeps the token. */
  refresh(details: Omit<Session, 'token'>): void {
    const current = sessionStore.get();
    if (current) sessionStore.set({ ...current, ...details });
  },
  clear(): void {
    if (sessionStore.get() === null) return;
    cached = null;
    storage()?.removeItem(STORAGE_KEY);
    emit();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    cached = read();
    emit();
  });
}
