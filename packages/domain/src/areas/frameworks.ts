/** @nursery/domain/frameworks: the EYFS frameworks: their statements, gradings and the one grading picker model. */

export * from '../gradingPicker.ts';
export * from '../gradings.ts';
export * from '../schemas/frameworks.ts';
