import { useEffect, useState } from 'react';
import { now } from './clock';

/**
 * The current time, updated every `intervalMs` on the interval's boundary (so a one-minute clock
 * changes when the minute does), and again whenever the tab becomes visible: a tablet that slept has
 * paused its timers.
 */
export function useNow(intervalMs: number): Date {
  const [current, setCurrent] = useState(now);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const time = now();
      setCurrent(time);
      timer = setTimeout(tick, intervalMs - (time.getTime() % intervalMs) || intervalMs);
    };
    const untilBoundary = intervalMs - (now().getTime() % intervalMs);
    timer = setTimeout(tick, untilBoundary);
    const onVisible = () => {
      if (document.visibilityState === 'visible') setCurrent(now());
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [intervalMs]);

  return current;
}
