// Who may do what with an event (spec 000 §4, §6): the user's event roles for the type (own roles
// for a new or own event, others' roles otherwise) read from the provider's configuration, and
// the domain's transition rules applied to them. The server enforces; the web shows the same.
import { type ProviderID, type StaffID, statusById } from '@nursery/domain/common';
import {
  allowedTargetStatuses,
  canTransition,
  type EventRole,
  type EventTransition,
  isEditable,
  rolesFor,
} from '@nursery/domain/events';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { loadEventConfig } from '../config/index.ts';
import { type Visibility, visibilityFromConfig } from './search-queries.ts';

export type EventConfig = Awaited<ReturnType<typeof loadEventConfig>>;
export type EventTypeConfig = EventConfig['eventTypes'][number];

export class EventPolicy {
  private readonly roles: EventRole[];
  private readonly transitions: EventTransition[];
  constructor(
    readonly config: EventConfig,
    readonly staffId: number | null,
  ) {
    this.roles = config.eventRoles;
    this.transitions = config.eventTransitions;
  }

  type(typeId: number): EventTypeConfig | undefined {
    return this.config.eventTypes.find((t) => t.id === typeId);
  }

  /** The roles that apply to an event of the type; authorStaffId null/undefined = a new event. */
  rolesOn(typeId: number, authorStaffId?: number | null): EventRole[] {
    const t = this.type(typeId);
    if (!t) return [];
    const isAuthor = authorStaffId === undefined ? null : authorStaffId === this.staffId;
    return rolesFor(t, isAuthor, this.roles);
  }

  /**
   * The inputs of THE visibility rule for this user at their sites; the rule itself is applied in SQL
   * (eventVisibleSql), never re-derived here, so every read hides the same events.
   */
  visibility(siteIds: readonly number[]): Visibility {
    return visibilityFromConfig(this.config, this.staffId ?? 0, siteIds);
  }

  canMove(
    typeId: number,
    authorStaffId: number | null | undefined,
    from: number | null,
    to: number,
  ): boolean {
    return canTransition(this.rolesOn(typeId, authorStaffId), this.transitions, from, to);
  }

  targets(typeId: number, authorStaffId: number | null | undefined, from: number | null): number[] {
    return allowedTargetStatuses(this.rolesOn(typeId, authorStaffId), this.transitions, from);
  }

  editable(typeId: number, authorStaffId: number | null | undefined, status: number | null): boolean {
    return isEditable(this.rolesOn(typeId, authorStaffId), status);
  }

  /** The refusal for a status change the roles do not allow (403 with the reason), or null. */
  transitionRefusal(
    typeId: number,
    authorStaffId: number | null | undefined,
    from: number | null,
    to: number,
  ): AppError | null {
    if (this.canMove(typeId, authorStaffId, from, to)) return null;
    const name = (id: number | null) => (id === null ? 'new' : (statusById(id)?.value ?? String(id)));
    const typeName = this.type(typeId)?.value ?? 'this type';
    return new AppError(
      403,
      'err-status-not-allowed',
      `Your role for ${typeName} events does not allow the change from ${name(from)} to ${name(to)}.`,
    );
  }
}

/** The policy of the session's user (ids from the session: AuthContext, branded at that boundary). */
export async function loadEventPolicy(db: Db, providerId: ProviderID, staffId: StaffID | null) {
  return new EventPolicy(await loadEventConfig(db, providerId, staffId), staffId);
}
