// Who sees what of the key-children widget (spec 002 §6 "Key-children widget depends on config-derived
// allowances"): every staff session has its own key children; the snapshot and learning-story columns
// need the Spotlight permission and the provider's feature flags (enableSnapshots, enableLearningStories).
import type { KeyChildrenAnswer } from '@nursery/domain/children';
import type { PermissionMap } from '@nursery/domain/common';

export function keyChildrenActions(
  permissions: PermissionMap,
  flags: Readonly<Record<string, unknown>> | null,
): KeyChildrenAnswer['permittedActions'] {
  const spotlight = permissions.enableSpotlight && flags?.enableSpotlight !== false;
  return {
    viewSnapshots: spotlight && flags?.enableSnapshots !== false,
    viewLearningStories: spotlight && flags?.enableLearningStories !== false,
  };
}
