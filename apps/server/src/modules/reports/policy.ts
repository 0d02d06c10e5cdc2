// Who may read the report (spec 002 §6: `lastPublishedObservation` | last-observation report button).
import { requirePermission } from '../../plugins/auth.ts';

export const requireLastPublishedObservation = requirePermission('lastPublishedObservation');
