import type { EventTypeConfig, SiteConfig } from '@nursery/domain/account';
import type { SiteChild } from '@nursery/domain/children';
import type { EventDetail } from '@nursery/domain/events';
import type { FrameworksAnswer } from '@nursery/domain/frameworks';
import type { EventForm } from './form/eventsPart';
import type { FormUpdate } from './form/model';

/**
 * What every panel of the add/edit screen receives. Panels read `form`, change it only through
 * `update(f => ({ ...f, ... }))`, and render read-only when `editable` is false.
 */
export interface PanelProps {
  form: EventForm;
  update: FormUpdate;
  type: EventTypeConfig;
  /** False when the user's role may not edit the event in its current status. */
  editable: boolean;
  isNew: boolean;
  /** The stored event when editing, null when adding. */
  event: EventDetail | null;
  site: SiteConfig;
  /** Every current child of the site (GetChildren). */
  siteChildren: SiteChild[];
  /** Frameworks usable at the site; undefined while loading. */
  frameworks: FrameworksAnswer | undefined;
}
