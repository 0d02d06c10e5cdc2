/**
 * en-GB strings of the Spotlight pickers (spec 001 §2 "Modals and panels", §8, §9). Spec wording is
 * quoted exactly where the spec gives it; the rest is ours (docs/decisions.md "Issue 16: pickers").
 */
export const pickerStrings = {
  // Shared
  'picker-close': 'Close',
  'picker-done': 'Done',
  'picker-retry': 'Retry',
  'picker-read-only': 'These cannot be changed.',
  'picker-frameworks-loading': 'Loading frameworks…',
  'picker-frameworks-failed': 'The frameworks could not be loaded.',
  'picker-offline-not-loaded': 'You are offline and the frameworks have not been loaded on this device yet.',
  // Gradings picker
  'gradings-picker-title-snapshot': 'Framework indicators: Snapshot',
  'gradings-picker-title-learningStory': 'Framework indicators: Learning story',
  'gradings-picker-framework': 'Framework',
  'gradings-picker-favourites': 'Favourites',
  'gradings-picker-all-frameworks': 'All frameworks',
  'gradings-picker-favourite-add': 'Add {{framework}} to favourites',
  'gradings-picker-favourite-remove': 'Remove {{framework}} from favourites',
  'gradings-picker-no-frameworks': 'No frameworks can be graded on this event type.',
  'gradings-picker-count': 'Gradings: {{count}}',
  'gradings-picker-search': 'Search statements',
  'gradings-picker-search-placeholder': 'Type part of a statement',
  'gradings-picker-search-none': 'No statements match “{{query}}”.',
  'gradings-picker-search-more':
    'Showing the first {{shown}} of {{count}} matches. Type more to narrow the list.',
  'gradings-picker-age-ranges': 'Age range',
  'gradings-picker-all-ages': 'All ages',
  'gradings-picker-areas': 'Areas',
  'gradings-picker-no-statements': 'No statements to show for this item and age range',
  'gradings-picker-help': 'Help for “{{item}}”',
  'gradings-picker-help-none': 'No help text for this item.',
  'gradings-picker-grade-group': 'Grade for “{{item}}”',
  'gradings-picker-age-range-label': 'Age range of “{{item}}”',
  'gradings-picker-age-range-clear': 'clear',
  'gradings-picker-age-range-clear-label': 'Clear the age range of “{{item}}”',
  'gradings-picker-notes': 'Notes',
  'gradings-picker-notes-show': 'Add notes to “{{item}}”',
  // Best-fit picker
  'best-fit-picker-title': 'Birth to 5 Matters Best Fit',
  'best-fit-picker-intro':
    'Choose the range that best fits the child in each aspect. Choose it again to clear it.',
  'best-fit-picker-unavailable': 'Birth to 5 Matters is not available for learning stories.',
  'best-fit-picker-count': 'Best fits: {{count}}',
  'best-fit-picker-range-group': 'Best fit for “{{item}}”',
  // Checkpoints modal
  'checkpoints-title': 'Development checkpoints',
  'checkpoints-tab-birthTo3': 'Birth-3 Years',
  'checkpoints-tab-threeTo4': '3-4 Years',
  'checkpoints-tab-receptionAge': 'Reception Age',
  'checkpoints-tab-earlyLearningGoals': 'Early Learning Goals',
  'checkpoints-loading': 'Loading development checkpoints…',
  'checkpoints-failed': 'The development checkpoints could not be loaded.',
  'checkpoints-empty': 'No development checkpoints for this age range.',
  'checkpoints-selected': 'Selected: {{count}}',
  'checkpoints-note': 'Checkpoint note',
  'checkpoints-bespoke': 'Bespoke',
  // Guidance sidebar
  'guidance-title': 'Birth to 5 Matters Guidance',
  'guidance-headers': 'Insert guidance note headers into the notes',
  'guidance-headers-none': 'Grade a Birth to 5 Matters statement to add its guidance note headers.',
  'guidance-graded': 'Graded in this event',
  'guidance-unavailable': 'Birth to 5 Matters guidance is not available.',
  'guidance-range': 'Range {{label}}',
  // Gradings overview
  'overview-title': 'Gradings Overview',
  'overview-empty': 'No framework indicators attached',
  'overview-area': 'Area',
  'overview-statement': 'Statement',
  'overview-age-range': 'Age range',
  'overview-value': 'Grade',
  'overview-notes': 'Notes',
  'overview-no-age-range': 'No age range',
  'overview-working-towards': 'Working towards',
  'overview-achieved': 'Achieved',
  'overview-best-fit': 'Best fit',
  'overview-total': 'Gradings and best fits: {{count}}',
  'overview-unknown-item': 'Unknown item {{id}}',
} as const;

export type PickerStrings = typeof pickerStrings;
export type PickerStringKey = keyof PickerStrings;
