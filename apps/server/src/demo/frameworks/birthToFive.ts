// Birth to 5 Matters: the seven areas with their aspects, and short statements (our own wording)
// per Range 1-6. Each entry lists statements for [Range 1, Range 2, ..., Range 6], separated by '|'.

export interface B5Aspect {
  name: string;
  ranges: [string, string, string, string, string, string];
}
export interface B5Area {
  name: string;
  aspects: B5Aspect[];
}

export const BIRTH_TO_FIVE: B5Area[] = [
  {
    name: 'Personal, Social and Emotional Development',
    aspects: [
      {
        name: 'Making relationships',
        ranges: [
          'Seeks closeness with a familiar adult|Responds to a friendly face',
          'Shows attachment to key person|Enjoys simple social games such as peekaboo',
          'Plays alongside others|Shows interest in other children',
          'Plays cooperatively with a familiar friend|Begins to take turns with support',
          'Keeps play going with others|Negotiates roles in play',
          'Forms good friendships|Works as part of a group, sharing ideas',
        ],
      },
      {
        name: 'Sense of self',
        ranges: [
          'Discovers hands and feet|Enjoys looking at faces',
          'Recognises self in a mirror|Makes choices between two toys',
          'Shows independence, saying "me do it"|Knows own name and those of family',
          'Is proud of achievements|Shows confidence in new situations',
          'Describes self in positive terms|Is confident to speak in a familiar group',
          'Has a strong sense of identity|Shows resilience when things go wrong',
        ],
      },
      {
        name: 'Understanding feelings',
        ranges: [
          'Is comforted by a familiar adult|Shows pleasure and distress',
          'Uses a comforter to self-soothe|Reacts to the emotions of others',
          'Expresses strong feelings through actions|Begins to name simple feelings',
          'Talks about how they and others feel|Accepts some boundaries with support',
          'Understands that actions affect others|Adapts behaviour to different situations',
          'Manages own feelings and behaviour|Shows empathy towards others',
        ],
      },
    ],
  },
  {
    name: 'Communication and Language',
    aspects: [
      {
        name: 'Listening and attention',
        ranges: [
          'Turns towards a familiar voice|Quietens to the sound of a song',
          'Listens to and enjoys rhymes|Responds to own name',
          'Listens to simple stories|Pays attention to the dominant stimulus',
          'Listens to others one to one or in small groups|Joins in with repeated refrains',
          'Listens to stories with attention and recall|Focuses attention, switching between tasks',
          'Listens attentively in a range of situations|Responds to what they hear with questions',
        ],
      },
      {
        name: 'Understanding',
        ranges: [
          'Responds to the tone of a voice|Recognises familiar routines',
          'Understands simple words in context|Responds to "no" and "bye-bye"',
          'Identifies familiar objects by name|Follows simple instructions',
          'Understands "who", "what" and "where" questions|Follows two-step instructions',
          'Understands use of objects|Responds to "how" and "why" questions',
          'Understands humour and nonsense rhymes|Follows a story without pictures',
        ],
      },
      {
        name: 'Speaking',
        ranges: [
          'Coos and babbles|Uses crying to express needs',
          'Uses single words|Copies familiar expressions',
          'Puts two words together|Uses a growing vocabulary',
          'Uses simple sentences|Asks many questions',
          'Uses longer sentences with linking words|Retells a simple past event in order',
          'Uses talk to organise and explain thinking|Introduces a storyline in play',
        ],
      },
    ],
  },
  {
    name: 'Physical Development',
    aspects: [
      {
        name: 'Gross motor',
        ranges: [
          'Lifts head when lying on tummy|Kicks legs and waves arms',
          'Sits unsupported|Crawls and pulls to stand',
          'Walks independently|Climbs on furniture and equipment',
          'Runs safely on whole foot|Walks up and down stairs holding a rail',
          'Rides a tricycle using pedals|Jumps off an object and lands appropriately',
          'Moves with control and coordination|Travels with confidence in different ways',
        ],
      },
      {
        name: 'Fine motor',
        ranges: [
          'Grasps a finger|Reaches for objects',
          'Picks up small objects with thumb and finger|Bangs objects together',
          'Holds a crayon in a palmar grasp|Turns pages in a board book',
          'Uses a spoon and fork|Makes snips with scissors',
          'Holds a pencil with a tripod grip|Copies some letters',
          'Handles tools effectively|Forms recognisable letters',
        ],
      },
      {
        name: 'Health and self-care',
        ranges: [
          'Feeds in response to need|Settles into a sleep routine',
          'Holds a cup with help|Begins to co-operate with dressing',
          'Feeds self with a spoon|Shows awareness of toileting needs',
          'Uses the toilet with help|Washes and dries hands',
          'Dresses with some help|Understands the need for safety',
          'Manages own basic hygiene|Talks about healthy food and exercise',
        ],
      },
    ],
  },
  {
    name: 'Literacy',
    aspects: [
      {
        name: 'Reading',
        ranges: [
          'Enjoys looking at books with an adult|Listens to rhymes',
          'Handles books and board books|Enjoys rhythmic activities',
          'Has favourite books|Fills in the missing word in a familiar rhyme',
          'Recognises familiar words and signs|Listens to stories with increasing attention',
          'Suggests how a story might end|Hears and says the initial sound in words',
          'Reads simple words by blending sounds|Describes main story settings and characters',
        ],
      },
      {
        name: 'Writing',
        ranges: [
          'Explores marks with hands|Enjoys messy play',
          'Makes marks in food and sand|Enjoys making marks',
          'Distinguishes between different marks|Gives meaning to marks',
          'Makes marks and calls them writing|Ascribes meanings to signs',
          'Writes own name|Uses some clearly identifiable letters',
          'Writes simple phrases|Spells words using phonic knowledge',
        ],
      },
    ],
  },
  {
    name: 'Mathematics',
    aspects: [
      {
        name: 'Spatial reasoning',
        ranges: [
          'Explores space with hands and feet|Enjoys being moved in space',
          'Fits themselves into spaces|Explores how things fit together',
          'Completes inset puzzles|Builds towers of blocks',
          'Chooses blocks to build with|Uses language of position',
          'Describes a familiar route|Selects shapes for a purpose',
          'Uses positional language accurately|Composes and decomposes shapes',
        ],
      },
      {
        name: 'Number',
        ranges: [
          'Notices changes in groups of objects|Watches objects move',
          'Knows when one more is added|Has some understanding of "more"',
          'Uses number words in play|Counts in song and rhyme',
          'Recites numbers in order to five|Recognises small groups without counting',
          'Counts objects to ten|Links numerals and amounts',
          'Counts reliably beyond ten|Finds one more or one less',
        ],
      },
      {
        name: 'Numerical patterns',
        ranges: [
          'Anticipates repeated sounds and actions|Enjoys patterns in songs',
          'Notices patterns in the environment|Shows interest in shapes',
          'Compares sizes of objects|Begins to sort objects',
          'Orders objects by size|Recognises simple repeating patterns',
          'Makes and continues patterns|Uses language of quantity and size',
          'Compares quantities and measures|Solves simple problems including doubling',
        ],
      },
    ],
  },
  {
    name: 'Understanding the World',
    aspects: [
      {
        name: 'People and communities',
        ranges: [
          'Recognises familiar people|Responds to familiar voices',
          'Is curious about people|Shows interest in photographs of family',
          'Enjoys pictures of family|Recognises people who help us',
          'Shows interest in different occupations|Talks about family customs',
          'Talks about past and present events|Knows some similarities between people',
          'Knows about similarities and differences between communities|Talks about celebrations',
        ],
      },
      {
        name: 'The world',
        ranges: [
          'Explores objects with mouth and hands|Watches moving objects',
          'Explores textures|Looks for hidden objects',
          'Enjoys playing with water and sand|Notices animals and plants',
          'Comments on features of the environment|Shows care for living things',
          'Talks about why things happen|Looks closely at similarities and changes',
          'Makes observations of animals and plants|Understands some processes such as seasons',
        ],
      },
      {
        name: 'Technology',
        ranges: [
          'Reacts to lights and sounds of toys|Enjoys cause and effect',
          'Presses buttons to make something happen|Explores toys with switches',
          'Operates simple mechanisms|Shows interest in devices at home',
          'Knows how to operate simple equipment|Plays with interactive toys',
          'Completes a simple program on a device|Knows that technology is used at home and school',
          'Selects technology for a purpose|Talks about safe use of devices',
        ],
      },
    ],
  },
  {
    name: 'Expressive Arts and Design',
    aspects: [
      {
        name: 'Creating with materials',
        ranges: [
          'Explores materials with whole body|Enjoys feeling textures',
          'Makes marks in paint|Explores different media',
          'Experiments with blocks and paint|Notices what adults do and imitates it',
          'Explores colour and how colours change|Joins materials for a purpose',
          'Constructs with purpose|Chooses tools and materials for a project',
          'Uses a range of techniques with control|Adapts work where needed',
        ],
      },
      {
        name: 'Being imaginative and expressive',
        ranges: [
          'Moves whole body to sounds|Responds to music',
          'Joins in with movement to rhymes|Makes sounds with objects',
          'Begins to make-believe|Joins in singing',
          'Develops simple stories in play|Sings familiar songs',
          'Creates stories with others|Plays alongside others in role',
          'Invents and performs stories|Performs songs and dances with others',
        ],
      },
    ],
  },
];
