/** en-GB strings of the bookings widget (spec 002 §8 Home and widgets). */
export const bookingsStrings = {} as const;
