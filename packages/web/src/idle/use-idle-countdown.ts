import { useEffect, useRef, useState } from 'react';

const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'touchstart',
  'scroll',
  'wheel',
] as const;

interface IdleCountdownOptions {
  idleTimeoutSeconds: number;
  countdownSeconds: number;
  /** While true the countdown holds (an upload is queued or active). */
  paused: boolean;
  onExpired(): void;
}

/**
 * Watches user activity. After `idleTimeoutSeconds` without any, returns the seconds left of a
 * countdown (null while the user is active); any activity cancels the countdown.
 */
export function useIdleCountdown({
  idleTimeoutSeconds,
  countdownSeconds,
  paused,
  onExpired,
}: IdleCountdownOptions): number | null {
  const [remaining, setRemaining] = useState<number | null>(null);
  const lastActivityAt = useRef(Date.now());
  const onExpiredRef = useRef(onExpired);
  onExpiredRef.current = onExpired;
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  useEffect(() => {
    const handleActivity = () => {
      lastActivityAt.current = Date.now();
      setRemaining(null);
    };
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, handleActivity, { capture: true, passive: true });
    }
    // One tick a second drives both the idle check and the countdown.
    const timer = window.setInterval(() => {
      setRemaining((current) => {
        if (current === null) {
          const idleMs = Date.now() - lastActivityAt.current;
          return idleMs >= idleTimeoutSeconds * 1000 ? countdownSeconds : null;
        }
        if (pausedRef.current || current <= 0) return current;
        return current - 1;
      });
    }, 1000);
    return () => {
      window.clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) {
        window.removeEventListener(type, handleActivity, { capture: true });
      }
    };
  }, [idleTimeoutSeconds, countdownSeconds]);

  useEffect(() => {
    if (remaining === 0) onExpiredRef.current();
  }, [remaining]);

  return remaining;
}
