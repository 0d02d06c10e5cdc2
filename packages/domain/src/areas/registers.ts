/** @nursery/domain/registers: the child register and the staff register: states, signatures, shifts, breaks. */

export * from '../breaks.ts';
export * from '../register.ts';
export * from '../registerSignatures.ts';
export * from '../schemas/registers.ts';
export * from '../schemas/staff.ts';
export * from '../schemas/staffRegister.ts';
export * from '../staffRegister.ts';
