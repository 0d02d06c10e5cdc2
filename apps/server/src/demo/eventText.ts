// Short texts for the demo events ('{name}' is replaced with the child's forename).
export const OBSERVATION_NOTES = [
  '{name} spent a long time at the water tray, filling and emptying jugs and talking about "full" and "empty".',
  '{name} built a tall tower with the wooden blocks and counted each block as it went on.',
  '{name} joined in with every action of "Wind the bobbin up" at group time.',
  '{name} helped to water the plants in the garden and noticed a snail under a leaf.',
  '{name} chose a book and "read" it to a friend, turning the pages carefully.',
  '{name} used the chunky chalk to make big circles on the playground.',
  '{name} put on their own coat before going outside and asked for help with the zip.',
  '{name} shared the playdough cutters with a friend without being asked.',
  '{name} pretended to make cups of tea in the home corner and offered one to each adult.',
  '{name} sorted the animals into "big ones" and "little ones" on the carpet.',
  '{name} climbed the steps of the slide and came down on their tummy, laughing.',
  '{name} painted a picture of their family and told us who everyone was.',
  '{name} listened carefully to the story and predicted what would happen next.',
  '{name} threaded large beads onto a lace, concentrating for several minutes.',
];
export const CHILDS_VOICE = [
  '"Look, it\'s getting bigger!"',
  '"I did it all by myself."',
  '"That one is my mummy."',
  '"Can we do it again?"',
  '"It\'s a rocket. It goes up to the moon."',
  '"I need more blue."',
];
export const SNAPSHOT_NOTES = [
  '{name} is settled and happy in the room and seeks out friends at the start of the day.',
  '{name} is becoming more confident to try new activities and talks about what they are doing.',
  '{name} enjoys outdoor play most of all, especially the bikes and the digging area.',
  '{name} concentrates well at adult-led activities and is starting to wait for a turn.',
  '{name} has been enjoying stories and now joins in with repeated phrases.',
  '{name} is using more words to ask for what they need and to describe feelings.',
];
export const LEARNING_STORY_NOTES = [
  'Our trip to the woods: {name} collected sticks and leaves, then sorted them by size back at nursery. They explained which stick was "the longest one" and made a "nest" for the toy bird.',
  'The big build: {name} worked with two friends to build a bridge for the cars. When it fell down they tried again, this time using wider blocks at the bottom.',
  'Baking day: {name} helped to weigh the flour, cracked an egg with help and stirred the mixture, telling everyone "it\'s getting sticky".',
  'Mark making: {name} has been drawing every day this week and now adds "writing" to pictures, telling us what the marks say.',
  'Music and movement: {name} loved the ribbons and moved fast and slow with the music, copying and then inventing new moves.',
  'Under the microscope: {name} looked at leaves with the magnifier and described the lines, asking why some leaves were yellow.',
];
export const ASSESSMENT_NOTES = [
  "Termly assessment of {name}'s progress across the areas of learning.",
  '{name} is making good progress in most areas; speaking is an area we will keep supporting.',
  '{name} is working securely within the expected range for their age.',
  'Review with key person: {name} has made strong progress in physical development this term.',
];
export const TWO_YEAR_CHECK_NOTES = [
  'Progress check at age two for {name}, covering the prime areas, shared with parents.',
  'Two year check: {name} is developing well in the prime areas; language is emerging with new words each week.',
];
export const BASELINE_NOTES = ['Baseline assessment for {name} on joining the pre-school room.'];
export const PARENT_NOTES = [
  'We see the same at home: lots of counting on the stairs!',
  '{name} talks about nursery friends every evening.',
  'Thank you, we will keep reading together at bedtime.',
  '{name} has started to use the potty at home.',
];
export const NEXT_STEPS = [
  'Encourage {name} to count objects in everyday routines such as setting the table.',
  'Offer more opportunities for {name} to use scissors and small tools.',
  'Model new vocabulary during play and give {name} time to respond.',
  'Support {name} to take turns in small group games.',
  "Provide mark-making materials outdoors to extend {name}'s interest.",
  'Share stories with repeated refrains so {name} can join in.',
  'Encourage {name} to put on their own shoes and coat.',
  'Plan sensory play with natural materials for {name}.',
];
export const CONSIDERATION_NOTES = [
  'Speech is less clear than expected for age; monitor and share strategies with parents.',
  'Finding separation difficult in the mornings; key person to plan a settling routine.',
  'Some concerns about fine motor control; discuss with SENCo.',
  'Keyworker would like support planning activities for focus and attention.',
];
export const ACCIDENT_NOTES = [
  '{name} tripped on the step coming in from the garden and grazed their knee. Cleaned and a cold compress applied.',
  '{name} bumped their head on the table edge. Cold compress applied; no further symptoms.',
  '{name} was pushed over during play and hurt their hand. Comforted and hand checked; fine afterwards.',
  '{name} fell from the low climbing frame onto the mat. No visible injury; monitored for the rest of the day.',
  '{name} caught their finger in the door of the play kitchen. Cold compress applied.',
];
export const EXISTING_INJURY_NOTES = [
  '{name} arrived with a bruise on the left shin; parent said it happened at the park at the weekend.',
];
export const REMINDER_NOTES = [
  'Call parents about the photo consent form.',
  'Update the allergy information in the kitchen folder.',
  'Arrange the two year check meeting with parents.',
  'Book the room for the staff meeting.',
  'Check the first aid box and order plasters.',
];
export const GENERIC_NOTES = [
  "Phone call from {name}'s mum: collection will be by grandma on Friday.",
  "Parent meeting about {name}'s settling-in; all going well.",
  "Dad asked about {name}'s sleep routine; agreed to shorten the afternoon nap.",
  'Reminder from parents that {name} has a dentist appointment next week.',
];
export const MEDICINES: {
  name: string;
  type: 'Prescribed' | 'NonPrescribed';
  form: string;
  dosage: string;
  strength: string;
  frequency: string;
}[] = [
  {
    name: 'Amoxicillin',
    type: 'Prescribed',
    form: 'Liquid',
    dosage: '5 ml',
    strength: '125 mg/5 ml',
    frequency: 'Three times a day',
  },
  {
    name: 'Paracetamol suspension',
    type: 'NonPrescribed',
    form: 'Liquid',
    dosage: '5 ml',
    strength: '120 mg/5 ml',
    frequency: 'Every 4-6 hours',
  },
  {
    name: 'Salbutamol inhaler',
    type: 'Prescribed',
    form: 'AerosolInhaler',
    dosage: '2 puffs',
    strength: '100 micrograms',
    frequency: 'When needed',
  },
  {
    name: 'Emollient cream',
    type: 'Prescribed',
    form: 'Ointment',
    dosage: 'Thin layer',
    strength: '',
    frequency: 'Twice a day',
  },
  {
    name: 'Teething gel',
    type: 'NonPrescribed',
    form: 'TeethingGelPowder',
    dosage: 'Small amount',
    strength: '',
    frequency: 'Up to 6 times a day',
  },
  {
    name: 'Antihistamine',
    type: 'NonPrescribed',
    form: 'Liquid',
    dosage: '2.5 ml',
    strength: '1 mg/ml',
    frequency: 'Once a day',
  },
];

export function fill(template: string, name: string): string {
  return template.replaceAll('{name}', name);
}
