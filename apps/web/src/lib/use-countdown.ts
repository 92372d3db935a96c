import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a verification code may be requested again. */
/** startNow: the first code was already sent by an earlier step. */
export function useCountdown(seconds = 60, startNow = false): [left: number, start: () => void] {
  const [left, setLeft] = useState(startNow ? seconds : 0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback(() => setLeft(seconds), [seconds]);
  return [left, start];
}
