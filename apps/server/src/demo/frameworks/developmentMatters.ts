// Development Matters (EYFS): the seven areas of learning with the Early Learning Goals as
// aspects, and short statements (our own wording) per age band: Birth to 3, 3 and 4-year-olds,
// Reception. Areas and aspects carry the public names; statements are written for the demo.

export interface DmAspect {
  name: string;
  /** Statements for [Birth to 3, 3 and 4-year-olds, Reception]. */
  bands: [string[], string[], string[]];
}
export interface DmArea {
  name: string;
  short: string;
  aspects: DmAspect[];
}

export const DEVELOPMENT_MATTERS: DmArea[] = [
  {
    name: 'Communication and Language',
    short: 'CL',
    aspects: [
      {
        name: 'Listening, Attention and Understanding',
        bands: [
          [
            'Turns towards familiar voices and sounds',
            'Listens to simple stories and songs with interest',
            'Understands simple requests such as "get your coat"',
          ],
          [
            'Listens to longer stories and remembers much of what happens',
            'Follows instructions with two parts',
            'Understands "why" questions',
          ],
          [
            'Listens attentively and responds with relevant questions',
            'Holds a conversation, taking turns',
            'Follows a story without pictures',
          ],
        ],
      },
      {
        name: 'Speaking',
        bands: [
          [
            'Babbles and makes sounds to get attention',
            'Uses single words and then two-word phrases',
            'Joins in with songs and rhymes',
          ],
          [
            'Uses sentences of four to six words',
            'Talks about familiar books and retells events',
            'Uses talk to organise play',
          ],
          [
            'Uses new vocabulary in different contexts',
            'Explains ideas using past, present and future forms',
            'Speaks in full sentences with conjunctions',
          ],
        ],
      },
    ],
  },
  {
    name: 'Personal, Social and Emotional Development',
    short: 'PSED',
    aspects: [
      {
        name: 'Self-Regulation',
        bands: [
          [
            'Finds comfort from a familiar adult when upset',
            'Begins to show feelings such as joy and anger',
            'Copes with small changes to routine with support',
          ],
          [
            'Talks about their feelings using words like "happy" and "sad"',
            'Begins to accept the needs of others and takes turns',
            'Remembers rules without being reminded',
          ],
          [
            'Shows an understanding of their own feelings and those of others',
            'Sets and works towards simple goals',
            'Controls immediate impulses when appropriate',
          ],
        ],
      },
      {
        name: 'Managing Self',
        bands: [
          [
            'Shows growing independence in feeding and dressing',
            'Explores the room confidently with a key person nearby',
            'Begins to recognise danger and seeks comfort',
          ],
          [
            'Selects and uses activities and resources independently',
            'Shows increasing independence in meeting own care needs',
            'Makes healthy choices about food and drink',
          ],
          [
            'Is confident to try new activities and shows resilience',
            'Explains the reasons for rules and follows them',
            'Manages own hygiene and personal needs, including toileting',
          ],
        ],
      },
      {
        name: 'Building Relationships',
        bands: [
          [
            'Seeks out familiar adults for interaction',
            'Plays alongside other children',
            'Shows interest in other children and what they do',
          ],
          [
            'Plays with one or more other children, extending play ideas',
            'Finds solutions to conflicts with support',
            'Develops friendships with other children',
          ],
          [
            'Works and plays cooperatively and takes turns',
            'Forms positive attachments to adults and friendships with peers',
            "Shows sensitivity to their own and others' needs",
          ],
        ],
      },
    ],
  },
  {
    name: 'Physical Development',
    short: 'PD',
    aspects: [
      {
        name: 'Gross Motor Skills',
        bands: [
          [
            'Rolls, sits and crawls, then pulls to stand',
            'Walks independently and climbs on low equipment',
            'Kicks and throws a large ball',
          ],
          [
            'Uses large-muscle movements to wave flags and paint',
            'Skips, hops and stands on one leg',
            'Goes up steps and stairs using alternate feet',
          ],
          [
            'Negotiates space safely with consideration for others',
            'Demonstrates strength, balance and coordination when playing',
            'Moves energetically: running, jumping, dancing and climbing',
          ],
        ],
      },
      {
        name: 'Fine Motor Skills',
        bands: [
          [
            'Reaches out for and grasps objects',
            'Passes objects from one hand to the other',
            'Makes marks with chunky crayons',
          ],
          [
            'Uses one-handed tools such as scissors and spoons',
            'Holds a pencil between thumb and two fingers',
            'Shows a preference for a dominant hand',
          ],
          [
            'Holds a pencil effectively for fluent writing',
            'Uses a range of small tools, including cutlery',
            'Begins to show accuracy and care when drawing',
          ],
        ],
      },
    ],
  },
  {
    name: 'Literacy',
    short: 'L',
    aspects: [
      {
        name: 'Comprehension',
        bands: [
          [
            'Enjoys sharing books with an adult',
            'Points to pictures in a book',
            'Joins in with repeated refrains',
          ],
          [
            'Understands the five key concepts about print',
            'Engages in extended conversations about stories',
            'Anticipates key events in stories',
          ],
          [
            'Demonstrates understanding of what has been read to them',
            'Uses new vocabulary when retelling stories',
            'Plays out narratives from stories and poems',
          ],
        ],
      },
      {
        name: 'Word Reading',
        bands: [
          ['Notices environmental print such as logos', 'Enjoys rhythm and rhyme in songs'],
          [
            'Spots and suggests rhymes',
            'Counts or claps syllables in a word',
            'Recognises words with the same initial sound',
          ],
          [
            'Says a sound for each letter of the alphabet',
            'Reads words consistent with their phonic knowledge',
            'Reads some common exception words',
          ],
        ],
      },
      {
        name: 'Writing',
        bands: [
          ['Enjoys drawing and making marks freely', 'Gives meaning to the marks they make'],
          [
            'Uses some print and letter knowledge in early writing',
            'Writes some or all of their name',
            'Writes some letters accurately',
          ],
          [
            'Writes recognisable letters, most correctly formed',
            'Spells words by identifying sounds',
            'Writes simple phrases and sentences that can be read by others',
          ],
        ],
      },
    ],
  },
  {
    name: 'Mathematics',
    short: 'M',
    aspects: [
      {
        name: 'Number',
        bands: [
          [
            'Notices changes in the number of objects in a small group',
            'Takes part in finger rhymes with numbers',
            'Counts in everyday contexts, sometimes skipping numbers',
          ],
          [
            'Fast recognition of up to three objects without counting',
            'Recites numbers past five',
            'Links numerals with amounts up to five',
          ],
          [
            'Has a deep understanding of number to 10',
            'Subitises up to five',
            'Recalls number bonds up to five',
          ],
        ],
      },
      {
        name: 'Numerical Patterns',
        bands: [
          [
            'Compares amounts, saying "lots", "more" or "same"',
            'Notices patterns and arranges things in patterns',
          ],
          [
            'Compares quantities using language such as "more than"',
            'Talks about and explores 2D and 3D shapes',
            'Extends and creates ABAB patterns',
          ],
          [
            'Verbally counts beyond 20, recognising the pattern',
            'Compares quantities up to 10',
            'Explores odd and even numbers and doubling',
          ],
        ],
      },
    ],
  },
  {
    name: 'Understanding the World',
    short: 'UW',
    aspects: [
      {
        name: 'Past and Present',
        bands: [
          [
            'Makes connections between the features of their family',
            'Talks about people who are familiar to them',
          ],
          [
            'Begins to make sense of their own life story and family history',
            'Talks about members of their immediate family',
          ],
          [
            'Talks about the lives of people around them and their roles',
            'Knows some similarities and differences between past and present',
            'Understands the past through settings, characters and events in books',
          ],
        ],
      },
      {
        name: 'People, Culture and Communities',
        bands: [
          ['Notices differences between people', 'Shows interest in different occupations'],
          [
            'Continues developing positive attitudes about differences between people',
            'Knows that there are different countries in the world',
            'Talks about their experiences of celebrations',
          ],
          [
            'Describes their immediate environment using knowledge and observation',
            'Knows some similarities and differences between religious and cultural communities',
            'Explains some similarities and differences between life in this country and others',
          ],
        ],
      },
      {
        name: 'The Natural World',
        bands: [
          [
            'Explores materials with different properties',
            'Explores natural materials indoors and outside',
            'Repeats actions that have an effect',
          ],
          [
            'Uses all their senses in hands-on exploration of natural materials',
            'Plants seeds and cares for growing plants',
            'Talks about the differences between materials and changes they notice',
          ],
          [
            'Explores the natural world around them, making observations',
            'Knows some similarities and differences between the natural world and contrasting environments',
            'Understands some important processes such as the seasons and changing states of matter',
          ],
        ],
      },
    ],
  },
  {
    name: 'Expressive Arts and Design',
    short: 'EAD',
    aspects: [
      {
        name: 'Creating with Materials',
        bands: [
          [
            'Explores paint, using fingers and other parts of the body',
            'Manipulates and plays with different materials',
            'Makes simple models which express their ideas',
          ],
          [
            'Explores different materials freely to develop ideas',
            'Joins different materials and explores textures',
            'Uses drawing to represent ideas such as movement or loud noises',
          ],
          [
            'Safely uses and explores a variety of materials, tools and techniques',
            'Shares their creations, explaining the process they used',
            'Makes use of props and materials in role play',
          ],
        ],
      },
      {
        name: 'Being Imaginative and Expressive',
        bands: [
          [
            'Listens with increased attention to sounds',
            'Responds to what they hear, expressing thoughts and feelings',
            'Makes rhythmical and repetitive sounds',
          ],
          [
            'Takes part in simple pretend play',
            'Sings the pitch of a tone sung by another person',
            'Remembers and sings entire songs',
          ],
          [
            'Invents, adapts and recounts narratives and stories',
            'Sings a range of well-known nursery rhymes and songs',
            'Performs songs, rhymes and poems, moving in time with music',
          ],
        ],
      },
    ],
  },
];
