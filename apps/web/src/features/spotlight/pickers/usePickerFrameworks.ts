import type { FrameworkIndex } from '@nursery/domain/frameworks';
import { useMemo } from 'react';
import { useSession } from '../../auth';
import { useFrameworks } from '../../events';
import { frameworksForEventType, type SpotlightEventType } from './pickerModel';

/**
 * The site's frameworks (the events feature's query: cached on the device, so the pickers work offline
 * once the frameworks were fetched at login) indexed for the event type's schemes.
 */
export function usePickerFrameworks(eventType: SpotlightEventType) {
  const { site, config } = useSession();
  const query = useFrameworks(site.id);
  const typeID = config.eventTypes.find((t) => t.tag === eventType)?.id;
  const frameworks: FrameworkIndex[] = useMemo(
    () => frameworksForEventType(query.data, typeID),
    [query.data, typeID],
  );
  return { query, frameworks };
}
