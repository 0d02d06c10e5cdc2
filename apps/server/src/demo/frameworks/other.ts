// Characteristics of Effective Learning (learning styles), Leuven scales and development
// checkpoints. Public names; the checkpoint wording is ours.
import type { CheckpointAgeRange } from '../../db/schema/index.ts';

/** Learning styles: ids are powers of two so the sum of the selected ids encodes the set. */
export const LEARNING_STYLES: { id: number; name: string; parentId: number | null }[] = [
  { id: 1, name: 'Playing and exploring', parentId: null },
  { id: 2, name: 'Finding out and exploring', parentId: 1 },
  { id: 4, name: 'Playing with what they know', parentId: 1 },
  { id: 8, name: "Being willing to 'have a go'", parentId: 1 },
  { id: 16, name: 'Active learning', parentId: null },
  { id: 32, name: 'Being involved and concentrating', parentId: 16 },
  { id: 64, name: 'Keeping on trying', parentId: 16 },
  { id: 128, name: 'Enjoying achieving what they set out to do', parentId: 16 },
  { id: 256, name: 'Creating and thinking critically', parentId: null },
  { id: 512, name: 'Having their own ideas', parentId: 256 },
  { id: 1024, name: 'Making links', parentId: 256 },
  { id: 2048, name: 'Choosing ways to do things', parentId: 256 },
];

/** Leuven scales: two scales with the five levels as statements. */
export const LEUVEN_SCALES: { name: string; levels: string[] }[] = [
  {
    name: 'Well-being',
    levels: [
      'Level 1 - Extremely low: shows signs of discomfort, appears unhappy',
      'Level 2 - Low: posture and expression show some discomfort',
      'Level 3 - Moderate: neutral posture, little emotion shown',
      'Level 4 - High: clear signs of satisfaction, but not all the time',
      'Level 5 - Extremely high: relaxed, full of energy and enjoying life',
    ],
  },
  {
    name: 'Involvement',
    levels: [
      'Level 1 - Extremely low: absent, passive, no energy',
      'Level 2 - Low: frequently interrupted activity',
      'Level 3 - Moderate: mainly continuous activity, little intensity',
      'Level 4 - High: moments of intense activity',
      'Level 5 - Extremely high: continuous, intense activity; fully absorbed',
    ],
  },
];

export interface CheckpointContent {
  ageRange: CheckpointAgeRange;
  section: string;
  subsection: string;
  description: string;
}

const CL = 'Communication and Language';
const PSED = 'Personal, Social and Emotional Development';
const PD = 'Physical Development';
const LIT = 'Literacy';
const MA = 'Mathematics';
const UW = 'Understanding the World';
const EAD = 'Expressive Arts and Design';

function tab(ageRange: CheckpointAgeRange, rows: [string, string, string][]): CheckpointContent[] {
  return rows.map(([section, subsection, description]) => ({ ageRange, section, subsection, description }));
}

export const DEVELOPMENT_CHECKPOINTS: CheckpointContent[] = [
  ...tab('Birth-3 Years', [
    [
      CL,
      'Listening, Attention and Understanding',
      'Responds to own name and familiar words by around 12 months',
    ],
    [CL, 'Speaking', 'Uses around 50 words and some two-word phrases by 24 months'],
    [CL, 'Speaking', 'Is understood by familiar adults most of the time'],
    [PSED, 'Building Relationships', 'Shows an interest in other children and plays alongside them'],
    [PSED, 'Managing Self', 'Shows some awareness of toileting needs'],
    [PSED, 'Self-Regulation', 'Is beginning to manage strong feelings with the help of an adult'],
    [PD, 'Gross Motor Skills', 'Walks independently and begins to run'],
    [PD, 'Fine Motor Skills', 'Uses a spoon and begins to use a cup without a lid'],
    [UW, 'The Natural World', 'Explores natural materials with curiosity'],
  ]),
  ...tab('3-4 Years', [
    [CL, 'Listening, Attention and Understanding', 'Follows instructions with two parts'],
    [CL, 'Speaking', 'Uses sentences of four to six words'],
    [PSED, 'Building Relationships', 'Plays with one or more other children'],
    [PSED, 'Managing Self', 'Is increasingly independent in meeting own care needs'],
    [PD, 'Gross Motor Skills', 'Climbs stairs using alternate feet'],
    [PD, 'Fine Motor Skills', 'Uses one-handed tools and equipment'],
    [LIT, 'Comprehension', 'Shows an understanding of how books work'],
    [MA, 'Number', 'Recites numbers past five and links numerals to amounts'],
  ]),
  ...tab('Reception Age', [
    [CL, 'Speaking', 'Articulates ideas in well-formed sentences'],
    [PSED, 'Self-Regulation', 'Expresses feelings and considers the feelings of others'],
    [PSED, 'Managing Self', 'Manages own personal hygiene'],
    [PD, 'Fine Motor Skills', 'Develops a comfortable and efficient pencil grip'],
    [LIT, 'Word Reading', 'Reads individual letters by saying the sounds for them'],
    [LIT, 'Writing', 'Forms lower-case and capital letters correctly'],
    [MA, 'Number', 'Counts objects, actions and sounds'],
    [EAD, 'Being Imaginative and Expressive', 'Develops storylines in pretend play'],
  ]),
  ...tab('Early Learning Goals', [
    [CL, 'Listening, Attention and Understanding', 'Listens attentively and responds to what they hear'],
    [CL, 'Speaking', 'Participates in small group, class and one-to-one discussions'],
    [PSED, 'Building Relationships', 'Works and plays cooperatively and takes turns with others'],
    [PD, 'Gross Motor Skills', 'Moves energetically, such as running, jumping and climbing'],
    [LIT, 'Comprehension', 'Anticipates key events in stories'],
    [MA, 'Numerical Patterns', 'Compares quantities up to 10 in different contexts'],
    [UW, 'People, Culture and Communities', 'Describes their immediate environment'],
    [EAD, 'Creating with Materials', 'Safely uses a variety of materials, tools and techniques'],
  ]),
];
