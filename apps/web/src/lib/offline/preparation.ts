/**
 * Progress of "prepare this device for offline use" (issue 13), for whichever screen shows it (the
 * device page, the sync screen). The preparation itself lives with the features that own the reads
 * (features/sync/prepareDevice.ts); lib only keeps its state, so any screen may read it.
 */
import { createStore } from '../store';
import { useStore } from '../useStore';

export type PreparationStatus = 'idle' | 'running' | 'ready' | 'partial';

export interface PreparationState {
  status: PreparationStatus;
  /** The site being (or last) prepared. */
  siteID: number | null;
  /** Steps done and known so far (a list's photos and events join the total once the list arrives). */
  done: number;
  total: number;
  /** Steps that failed (network, server); 'partial' when any did. */
  failed: number;
  /** When the last run ended (ms epoch). */
  finishedAt: number | null;
}

const IDLE: PreparationState = {
  status: 'idle',
  siteID: null,
  done: 0,
  total: 0,
  failed: 0,
  finishedAt: null,
};

const preparation = createStore<PreparationState>(IDLE);

export function setPreparationState(next: PreparationState): void {
  preparation.set(next);
}

export function preparationState(): PreparationState {
  return preparation.get();
}

export function resetPreparationState(): void {
  setPreparationState(IDLE);
}

export function usePreparationState(): PreparationState {
  return useStore(preparation);
}

/** 0..100 for a progress bar. */
export function preparationPercent(s: Pick<PreparationState, 'done' | 'total'>): number {
  if (s.total <= 0) return 0;
  return Math.min(100, Math.round((100 * s.done) / s.total));
}

let rerun: (() => void) | null = null;

/** The shell's preparation registers how to run again (one at a time: the latest registration wins). */
export function onPreparationRequest(fn: () => void): () => void {
  rerun = fn;
  return () => {
    if (rerun === fn) rerun = null;
  };
}

/** "Prepare again" (the device page): false when nothing can run it now (no live session in this page). */
export function requestPreparation(): boolean {
  if (!rerun) return false;
  rerun();
  return true;
}
