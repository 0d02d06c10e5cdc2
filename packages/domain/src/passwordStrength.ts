/**
 * The password strength rule (OURS, issue 30; the spec only says "must pass a strength check",
 * 'new-password-is-invalid'). A compact zxcvbn-style estimate of how many guesses an attacker who
 * knows the usual patterns needs, in bits, instead of counting character classes:
 *
 * the password is read left to right as the cheapest of these pieces (longest first):
 * - a word of COMMON_WORDS (a few hundred of the most used passwords and their stems, compared after
 *   undoing the usual letter swaps 0→o, 1→i/l, 3→e, 4→a, 5→s, 7→t, @→a, $→s): log2 of the list's
 *   size, +1 bit if it has capitals, +1 if it used swaps;
 * - a part of the user's own name or e-mail (3+ characters): 1 bit;
 * - the same character 3+ times: that character's class, +log2 of the run;
 * - a sequence of 3+ (abc, 987, qwe, asdf: alphabet, digits or a keyboard row, either way): its
 *   class, +log2 of the run, +1;
 * - a year 1900-2099: log2(200);
 * - otherwise one character: log2 of the password's alphabet (the classes it uses: lower 26,
 *   upper 26, digits 10, ASCII symbols 33, anything else 100).
 * A password is strong when it is 7 to 128 characters long and the sum is at least STRONG_BITS
 * (28 bits: about 2.7 × 10^8 guesses, above zxcvbn's score 2; online guessing is also limited by
 * the log-in limits). Unit-tested in passwordStrength.test.ts.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';

/** The least estimated entropy (bits) a password needs. */
export const STRONG_BITS = 28;

/** The most used passwords and their stems, lower case (from public breach top lists). */
export const COMMON_WORDS: readonly string[] = [
  ...'password passw0rd passwort qwerty qwertyuiop azerty letmein welcome monkey dragon football baseball'.split(
    ' ',
  ),
  ...'soccer hockey cricket rugby tennis golf master shadow sunshine princess iloveyou loveme lovely love'.split(
    ' ',
  ),
  ...'trustno1 whatever freedom secret access admin administrator login root user guest default test'.split(
    ' ',
  ),
  ...'testing changeme nursery nurseries school teacher children child kids baby babies mummy mommy daddy'.split(
    ' ',
  ),
  ...'family friends friend summer winter autumn spring january february march april june july august'.split(
    ' ',
  ),
  ...'september october november december monday tuesday wednesday thursday friday saturday sunday'.split(
    ' ',
  ),
  ...'liverpool chelsea arsenal everton united manchester tottenham leeds celtic rangers england london'.split(
    ' ',
  ),
  ...'scotland wales ireland britain jesus christ god angel angels heaven blessed faith hope charlie'.split(
    ' ',
  ),
  ...'michael jessica ashley jennifer daniel thomas jordan hunter michelle andrew joshua matthew amanda'.split(
    ' ',
  ),
  ...'robert william george harry oliver jack sophie emily olivia amelia isla chloe lily grace ella ruby'.split(
    ' ',
  ),
  ...'samantha sarah hannah rebecca lauren laura emma james david richard joseph charles elizabeth mary'.split(
    ' ',
  ),
  ...'buster tigger pepper ginger cookie biscuit bailey max molly bella poppy daisy rosie teddy bear'.split(
    ' ',
  ),
  ...'tiger lion eagle falcon hawk wolf fish cat dog puppy kitten horse pony rabbit bunny dolphin'.split(' '),
  ...'starwars batman superman spiderman pokemon minecraft fortnite matrix killer hello hiya cheese'.split(
    ' ',
  ),
  ...'chocolate banana apple orange lemon cherry strawberry pizza coffee sugar honey sweet candy'.split(' '),
  ...'computer internet samsung iphone google yahoo hotmail gmail outlook microsoft windows dell'.split(' '),
  ...'flower flowers garden rainbow purple yellow silver golden diamond crystal star stars moon sun'.split(
    ' ',
  ),
  ...'blue green black white orange pink red magic music guitar piano dance happy smile funny'.split(' '),
  ...'mustang ferrari porsche mercedes toyota honda ford jaguar harley yamaha racing chester'.split(' '),
  ...'pass word number qazwsx zaq1 zxcvbn zxcvbnm asdfgh asdfghjkl mnbvcxz poiuytrewq abc123 a1b2c3'.split(
    ' ',
  ),
  ...'123qwe qwe123 1q2w3e 1q2w3e4r qwer1234 pass123 password1 iloveyou1 welcome1 letmein1 abcdef'.split(' '),
  ...'000000 111111 121212 123123 123456 1234567 12345678 123456789 1234567890 654321 666666 696969'.split(
    ' ',
  ),
  ...'777777 7777777 987654321 112233 159753 123321 1qaz2wsx 147258 147258369 11111111 88888888'.split(' '),
  ...'sparky ranger buddy thunder summer1 hunter2 maggie jasmine heather nicole austin phoenix merlin'.split(
    ' ',
  ),
  ...'cowboy cowboys yankees lakers patriots steelers eagles raiders packers bulldog bulldogs'.split(' '),
  ...'forever always together darling sweetie sweetheart beautiful gorgeous pretty princess1 queen king'.split(
    ' ',
  ),
  ...'prince knight castle legend hero ninja pirate wizard warrior soldier army navy police fire'.split(' '),
  ...'qwerty1 qwerty12 qwerty123 abcd1234 abc1234 monkey123 football1 chelsea1 arsenal1 liverpool1'.split(
    ' ',
  ),
  ...'welcome123 nursery1 nursery123 password12 password123 letmein123 secret1 secret123 admin123'.split(' '),
  ...'spotlight register parent parents staff manager practitioner nursery2024 playgroup preschool'.split(
    ' ',
  ),
];

const COMMON = new Set(COMMON_WORDS);
const WORD_BITS = Math.log2(COMMON.size);
const LONGEST_WORD = Math.max(...COMMON_WORDS.map((w) => w.length));

const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};
const KEYBOARD_ROWS = ['`1234567890-=', 'qwertyuiop[]', "asdfghjkl;'#", '\\zxcvbnm,./'];

const classSize = (ch: string): number => {
  if (/[a-z]/.test(ch)) return 26;
  if (/[A-Z]/.test(ch)) return 26;
  if (/[0-9]/.test(ch)) return 10;
  if (/[\x20-\x7e]/.test(ch)) return 33;
  return 100;
};

/** The alphabet a guesser must try for this password: the sum of the classes it uses. */
function alphabetSize(password: string): number {
  let size = 0;
  if (/[a-z]/.test(password)) size += 26;
  if (/[A-Z]/.test(password)) size += 26;
  if (/[0-9]/.test(password)) size += 10;
  if (/[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/.test(password)) size += 33;
  if (/[^\x20-\x7e]/.test(password)) size += 100;
  return Math.max(size, 10);
}

/** The user's own words a password should not lean on: name parts and the e-mail's parts (3+ chars). */
export function personalWords(inputs: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    if (!input) continue;
    const lower = input.toLowerCase().trim();
    const [local] = lower.split('@');
    if (local && local.length >= 3) words.add(local);
    for (const part of lower.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

const undoLeet = (s: string) => [...s].map((ch) => LEET[ch] ?? ch).join('');

/** Whether each next character steps by the same ±1 along the alphabet, the digits or a keyboard row. */
function sequenceLength(lower: readonly string[], start: number): number {
  const stepOf = (a: string, b: string): number | null => {
    const codeStep = b.charCodeAt(0) - a.charCodeAt(0);
    if ((codeStep === 1 || codeStep === -1) && /[a-z0-9]/.test(a) && /[a-z0-9]/.test(b)) return codeStep;
    for (const row of KEYBOARD_ROWS) {
      const i = row.indexOf(a);
      const j = row.indexOf(b);
      if (i >= 0 && j >= 0 && Math.abs(i - j) === 1) return 10 * (j - i);
    }
    return null;
  };
  const first = lower[start + 1] === undefined ? null : stepOf(lower[start]!, lower[start + 1]!);
  if (first === null) return 1;
  let end = start + 1;
  while (end + 1 < lower.length && stepOf(lower[end]!, lower[end + 1]!) === first) end += 1;
  return end - start + 1;
}

/** The estimated entropy of a password in bits (see the file's comment). */
export function passwordBits(
  password: string,
  userInputs: readonly (string | null | undefined)[] = [],
): number {
  const chars = [...password];
  const lower = chars.map((c) => c.toLowerCase());
  const plain = lower.map((c) => LEET[c] ?? c);
  const personal = personalWords(userInputs).map(undoLeet);
  const perChar = Math.log2(alphabetSize(password));
  let bits = 0;
  let i = 0;
  while (i < chars.length) {
    const rest = plain.slice(i).join('');
    const mine = personal.filter((w) => rest.startsWith(w)).sort((a, b) => b.length - a.length)[0];
    if (mine && mine.length >= 3) {
      bits += 1;
      i += [...mine].length;
      continue;
    }
    let word = '';
    for (let len = Math.min(LONGEST_WORD, plain.length - i); len >= 4; len -= 1) {
      if (COMMON.has(plain.slice(i, i + len).join(''))) {
        word = plain.slice(i, i + len).join('');
        break;
      }
    }
    if (word) {
      const original = chars.slice(i, i + word.length);
      bits += WORD_BITS;
      if (original.some((c) => c !== c.toLowerCase())) bits += 1;
      if (original.some((c, k) => c.toLowerCase() !== word[k])) bits += 1;
      i += word.length;
      continue;
    }
    let run = 1;
    while (i + run < chars.length && chars[i + run] === chars[i]) run += 1;
    if (run >= 3) {
      bits += Math.log2(classSize(chars[i]!)) + Math.log2(run);
      i += run;
      continue;
    }
    const sequence = sequenceLength(lower, i);
    if (sequence >= 3) {
      bits += Math.log2(classSize(chars[i]!)) + Math.log2(sequence) + 1;
      i += sequence;
      continue;
    }
    if (/^(19|20)\d\d/.test(lower.slice(i, i + 4).join(''))) {
      bits += Math.log2(200);
      i += 4;
      continue;
    }
    bits += perChar;
    i += 1;
  }
  return bits;
}

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  /** Passes the rule (the spec's 'new-password-is-invalid' otherwise). */
  strong: boolean;
  /** 0 very weak … 4 very strong, for the meter. */
  score: PasswordScore;
  bits: number;
}

/** The rule and the meter's reading for a typed password (userInputs: the user's name, e-mail). */
export function passwordStrength(
  password: string,
  userInputs: readonly (string | null | undefined)[] = [],
): PasswordStrength {
  const length = [...password].length;
  const bits = passwordBits(password, userInputs);
  const inRange = length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH;
  const strong = inRange && bits >= STRONG_BITS;
  const score: PasswordScore = !strong ? (bits < STRONG_BITS / 2 ? 0 : 1) : bits < 36 ? 2 : bits < 50 ? 3 : 4;
  return { strong, score, bits };
}
