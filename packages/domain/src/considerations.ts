/**
 * Consideration rules (spec 001 §3, §4; spec 000 §5). A consideration has a status; the spec names
 * two kinds explicitly: Intervention and a staff-support value. These two are "restricted": an
 * event carrying one cannot be published or archived by a user without publishConsiderations.
 */
export const ConsiderationStatus = {
  Intervention: 'Intervention',
  StaffSupport: 'StaffSupport',
} as const;

/**
 * Every stored consideration status (the considerations table's check): Monitor (keep an eye),
 * Intervention (may be shared with parents), StaffSupport (a manager's support), Resolved.
 */
export const CONSIDERATION_STATUS_VALUES = ['Monitor', 'Intervention', 'StaffSupport', 'Resolved'] as const;

export interface ConsiderationLike {
  status: string;
  notes?: string | null;
  visibleToParents: boolean;
}

function normaliseStatus(status: string): string {
  return status.replace(/[\s_-]/g, '').toLowerCase();
}

/** Intervention or Staff Support (spelling variants such as 'Staff Support' are accepted). */
export function isRestrictedConsideration(status: string | null | undefined): boolean {
  if (!status) return false;
  const s = normaliseStatus(status);
  return s === 'intervention' || s === 'staffsupport';
}

export function isIntervention(status: string | null | undefined): boolean {
  return status != null && normaliseStatus(status) === 'intervention';
}

/** The share-to-parents checkbox appears only for Intervention. */
export function canShareWithParents(status: string | null | undefined): boolean {
  return isIntervention(status);
}

/** Setting the status to anything other than Intervention clears visibleToParents. */
export function withConsiderationStatus<T extends ConsiderationLike>(c: T, status: string): T {
  return { ...c, status, visibleToParents: isIntervention(status) ? c.visibleToParents : false };
}

/** One consideration may be added only if none exists (spec 001 §4). */
export function canAddConsideration(existingCount: number): boolean {
  return existingCount === 0;
}

export function hasRestrictedConsiderations(considerations: readonly { status: string }[]): boolean {
  return considerations.some((c) => isRestrictedConsideration(c.status));
}
