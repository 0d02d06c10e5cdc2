/** en-GB strings of the considerations widget (spec 002 §3 Consideration, §8 Home and widgets, §9). */
export const considerationsStrings = {
  'considerations-title': 'Pending considerations',
  'considerations-loading': 'Loading pending considerations…',
  'considerations-load-failed': 'Unable to load the pending considerations.',
  'considerations-none': 'No considerations are waiting for review.',
  'considerations-count': '{{badge}} pending',
  'considerations-by': 'By {{name}}',
  'considerations-raised': 'Added {{date}}',
  'considerations-visible-to-parents': 'Shared with parents',
  'consideration-status-Monitor': 'Monitor',
  'consideration-status-Intervention': 'Intervention',
  'consideration-status-StaffSupport': 'Staff support',
  'consideration-status-Resolved': 'Resolved',
} as const;
