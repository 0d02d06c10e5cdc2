import { useMemo } from 'react';
import { useSession } from '../../auth';
import { useFrameworks } from '../../events';
import { birthToFiveAreaNames } from './overview';

/**
 * Every Birth to 5 Matters area name of the site's frameworks: the editor removes these guidance-note
 * headers automatically when no item under /-23 is graded any more (spec 001 §4).
 */
export function useBirthToFiveAreaNames(): string[] {
  const { site } = useSession();
  const { data } = useFrameworks(site.id);
  return useMemo(() => birthToFiveAreaNames(data), [data]);
}
