import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { fetchSession, type SessionState } from './session.ts';

interface SessionContextValue {
  session: SessionState;
  /** Marks the session as gone, e.g. after the API answered 401 for a signed-in user. */
  markSignedOut(): void;
  reload(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Loads the cookie session once at start and shares it with the app. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    // `attempt` re-runs the lookup when reload() is called.
    void attempt;
    fetchSession()
      .then((next) => {
        if (!cancelled) setSession(next);
      })
      .catch(() => {
        if (!cancelled) setSession({ status: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const markSignedOut = useCallback(() => setSession({ status: 'signedOut' }), []);
  const reload = useCallback(() => {
    setSession({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return (
    <SessionContext.Provider value={{ session, markSignedOut, reload }}>
      {children}
    </SessionContext.Provider>
  );
}

/** The current session state and its actions. */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}
