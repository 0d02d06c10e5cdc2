/**
 * Signing live times (spec 002 §2 "signature confirm and cancel actions", §3 Shift and Break signatures):
 * whether this device asks for a signature before a check-in, check-out or a break's start or end. The
 * spec says neither who decides nor when; a nursery signs its staff in at the door on one tablet and not
 * on another, so it is the device's choice, kept on the device, off until switched on
 * (docs/decisions.md "Issue 18: staff register signatures on the screen").
 */
import { useCallback, useState } from 'react';

export type TimedAction = 'checkIn' | 'checkOut' | 'startBreak' | 'endBreak';

/** A live time waiting for its signature. */
export interface SignRequest {
  shiftID: number;
  action: TimedAction;
  time: string;
  /** Who is signing (the staff member's name, for the dialog's title). */
  name: string;
}

const KEY = 'nursery.staffRegister.askSignature';

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function useAskSignature(): [boolean, (ask: boolean) => void] {
  const [ask, setAsk] = useState(read);
  const set = useCallback((next: boolean) => {
    setAsk(next);
    try {
      if (next) localStorage.setItem(KEY, '1');
      else localStorage.removeItem(KEY);
    } catch {
      // Private mode or storage full: the choice holds for this page only.
    }
  }, []);
  return [ask, set];
}
