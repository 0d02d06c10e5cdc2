// Common UK forenames and surnames for the demo people (fixed lists, picked by the seeded PRNG).
export const GIRL_NAMES = [
  'Olivia', 'Amelia', 'Isla', 'Ava', 'Ivy', 'Freya', 'Lily', 'Florence', 'Mia', 'Willow', 'Rosie', 'Sophia',
  'Isabella', 'Grace', 'Daisy', 'Sienna', 'Poppy', 'Elsie', 'Emily', 'Ella', 'Evelyn', 'Phoebe', 'Sofia', 'Evie',
  'Charlotte', 'Harper', 'Millie', 'Matilda', 'Maya', 'Sophie', 'Alice', 'Emilia', 'Isabelle', 'Ruby', 'Luna',
  'Maisie', 'Aria', 'Penelope', 'Mila', 'Bonnie', 'Eva', 'Hallie', 'Esme', 'Layla', 'Iris', 'Aisha', 'Zara', 'Hannah',
];
export const BOY_NAMES = [
  'Noah', 'Oliver', 'George', 'Arthur', 'Muhammad', 'Leo', 'Harry', 'Oscar', 'Archie', 'Henry', 'Theodore', 'Freddie',
  'Jack', 'Charlie', 'Theo', 'Alfie', 'Jacob', 'Thomas', 'Finley', 'Arlo', 'William', 'Lucas', 'Roman', 'Tommy',
  'Isaac', 'Teddy', 'Alexander', 'Luca', 'Edward', 'James', 'Joshua', 'Albie', 'Elijah', 'Max', 'Mohammed', 'Reuben',
  'Mason', 'Sebastian', 'Rory', 'Jude', 'Louie', 'Benjamin', 'Ethan', 'Adam', 'Hugo', 'Joseph', 'Reggie', 'Ronnie',
];
export const ADULT_FEMALE = [
  'Sarah', 'Emma', 'Laura', 'Rebecca', 'Claire', 'Hannah', 'Rachel', 'Jessica', 'Amy', 'Katie', 'Gemma', 'Nicola',
  'Lucy', 'Charlotte', 'Victoria', 'Helen', 'Jennifer', 'Natalie', 'Kirsty', 'Louise', 'Stephanie', 'Zoe', 'Amina', 'Priya',
];
export const ADULT_MALE = [
  'David', 'James', 'Daniel', 'Matthew', 'Christopher', 'Andrew', 'Mark', 'Michael', 'Paul', 'Richard', 'Thomas', 'Stephen',
  'Adam', 'Jonathan', 'Ben', 'Robert', 'Craig', 'Lee', 'Simon', 'Gareth', 'Imran', 'Ravi', 'Tom', 'Ryan',
];
export const SURNAMES = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson', 'Wright', 'Thompson',
  'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson', 'Clarke', 'Patel', 'Khan', 'Lewis',
  'James', 'Phillips', 'Mason', 'Mitchell', 'Rose', 'Davis', 'Rodriguez', 'Cox', 'Alexander', 'Morgan', 'Moore',
  'Mills', 'King', 'Lee', 'Baker', 'Harris', 'Martin', 'Cooper', 'Hughes', 'Edwards', 'Turner', 'Hill', 'Ward',
  'Morris', 'Clark', 'Young', 'Allen', 'Scott', 'Watson', 'Hussain', 'Begum', 'Ali', 'Kaur', 'Singh', 'Murphy',
  'Kelly', 'Campbell', 'Stewart', 'Anderson', 'Bennett', 'Carter', 'Fisher', 'Gray', 'Hunt', 'Lloyd', 'Marshall',
];
export const STREETS = [
  'Church Road', 'Station Road', 'Victoria Road', 'Park Road', 'Manor Road', 'Mill Lane', 'Kings Road', 'Queens Road',
  'New Road', 'Grange Road', 'The Avenue', 'Springfield Road', 'Highfield Road', 'Orchard Close', 'Meadow Way',
];
export const TOWNS: [string, string][] = [
  ['Bristol', 'BS'],
  ['Bath', 'BA'],
  ['Cheltenham', 'GL'],
];
