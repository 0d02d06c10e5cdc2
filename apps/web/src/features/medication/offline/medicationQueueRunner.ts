/**
 * The medication queue's running side (issue 31), loaded lazily by useMedicationOfflineSync (the
 * shell): the queue's one kind runner (lib/offline/queueKindRunner.ts) with this kind's send (the
 * record's GraphQL save, medicationQueue.ts), the reads that show medication records, and the user's
 * waiting saves for the Sync badge.
 */
import { now } from '../../../lib/clock';
import { MEDICATION_KIND, type MedicationOperationData } from '../../../lib/offline/medicationOperation';
import { createQueueKindRunner } from '../../../lib/offline/queueKindRunner';
import { medicationApi } from '../api';
import { medicationCount, sendMedicationOperation } from './medicationQueue';

const deps = { save: medicationApi.save, now: () => now().getTime() };

export const medicationQueueRunner = createQueueKindRunner<MedicationOperationData>({
  kind: MEDICATION_KIND,
  source: 'medication',
  // The form's, the timeline and drafts lists, Home.
  refreshedPrefixes: ['medication', 'events', 'timeline', 'drafts', 'home'],
  send: (op) => sendMedicationOperation(op, deps),
  count: medicationCount,
});
