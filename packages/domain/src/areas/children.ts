/** @nursery/domain/children: children, their key people, emergency contacts, meals, GDPR redaction. */
export * from '../children.ts';
export * from '../emergency.ts';
export * from '../keyChildren.ts';
export * from '../redaction.ts';
export * from '../schemas/children.ts';
export * from '../schemas/emergency.ts';
export * from '../schemas/keyChildren.ts';
export * from '../schemas/meals.ts';
