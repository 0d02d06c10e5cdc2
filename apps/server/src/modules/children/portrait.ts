// Generated portrait placeholders of the demo children (issue 13): a simple head-and-shoulders
// illustration (no real face), fixed by the child's id: background, skin, hair colour and style,
// clothing. Built on request (a few hundred bytes of SVG, no file to keep in step with the database)
// and served with a Content-Security-Policy that lets nothing in it run or load.

const BACKGROUNDS = [
  '#FDE2E4',
  '#E2ECE9',
  '#DDEBF7',
  '#FFF1C1',
  '#E8E0F5',
  '#FFE5D0',
  '#D8F0E0',
  '#F3E1D7',
  '#E0F4F7',
  '#F7E3F0',
];
const SKINS = ['#F9D7BE', '#F1C29E', '#E0A67E', '#C98A5E', '#A8694A', '#8A5436', '#6B3F2A', '#F4CDB0'];
const HAIRS = ['#1F1A17', '#3B2A20', '#5A3A24', '#8B5A2B', '#B5651D', '#D9A441', '#E8C872', '#7A4B2E'];
const CLOTHES = ['#3E7CB1', '#E4572E', '#17A398', '#F3A712', '#8E5572', '#4C956C', '#D1495B', '#5C6BC0'];
const STYLES = ['short', 'bob', 'curly', 'bunches', 'long'] as const;

/** A 32-bit mix of the id (xorshift-multiply), so neighbouring ids look unalike. */
function mix(n: number): number {
  let h = (n ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

export interface PortraitLook {
  background: string;
  skin: string;
  hair: string;
  clothes: string;
  style: (typeof STYLES)[number];
}

/** The look of a child's portrait: the same id always gives the same look. */
export function portraitLook(childId: number): PortraitLook {
  const h = mix(childId);
  const h2 = mix(h);
  return {
    background: BACKGROUNDS[h % BACKGROUNDS.length],
    skin: SKINS[(h >>> 8) % SKINS.length],
    hair: HAIRS[(h >>> 16) % HAIRS.length],
    clothes: CLOTHES[h2 % CLOTHES.length],
    style: STYLES[(h2 >>> 8) % STYLES.length],
  };
}

function hairBack(look: PortraitLook): string {
  const c = look.hair;
  switch (look.style) {
    case 'long':
      return `<path d="M33 56c0-22 12-34 27-34s27 12 27 34v34H33z" fill="${c}"/>`;
    case 'bob':
      return `<path d="M35 58c0-20 11-31 25-31s25 11 25 31v14H35z" fill="${c}"/>`;
    case 'bunches':
      return `<circle cx="33" cy="50" r="9" fill="${c}"/><circle cx="87" cy="50" r="9" fill="${c}"/>`;
    default:
      return '';
  }
}

function hairFront(look: PortraitLook): string {
  const c = look.hair;
  switch (look.style) {
    case 'curly':
      return [34, 44, 54, 64, 74, 84, 39, 81]
        .map((x, i) => `<circle cx="${x}" cy="${i < 6 ? 33 + Math.abs(x - 59) / 5 : 44}" r="8" fill="${c}"/>`)
        .join('');
    case 'short':
      return `<path d="M38 48c0-15 10-23 22-23s22 8 22 23c-6-7-14-10-22-10s-16 3-22 10z" fill="${c}"/>`;
    default:
      return `<path d="M37 50c0-16 10-25 23-25s23 9 23 25c-8-9-28-9-46 0z" fill="${c}"/>`;
  }
}

/** The SVG of a child's portrait (120 × 120, scales to any tile). */
export function portraitSvg(childId: number): string {
  const look = portraitLook(childId);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120">',
    `<rect width="120" height="120" fill="${look.background}"/>`,
    hairBack(look),
    // Shoulders and neck.
    `<path d="M18 120c2-20 18-30 42-30s40 10 42 30z" fill="${look.clothes}"/>`,
    `<rect x="52" y="74" width="16" height="18" rx="6" fill="${look.skin}"/>`,
    // Ears and head.
    `<circle cx="38" cy="56" r="5" fill="${look.skin}"/><circle cx="82" cy="56" r="5" fill="${look.skin}"/>`,
    `<ellipse cx="60" cy="54" rx="22" ry="25" fill="${look.skin}"/>`,
    hairFront(look),
    // A simple, friendly face: two dots and a smile.
    '<circle cx="52" cy="57" r="2.4" fill="#2B2B2B"/><circle cx="68" cy="57" r="2.4" fill="#2B2B2B"/>',
    '<path d="M53 67q7 6 14 0" stroke="#2B2B2B" stroke-width="2" fill="none" stroke-linecap="round"/>',
    '</svg>',
  ].join('');
}

/** Nothing inside the SVG may run or load, even when it is opened on its own. */
export const PORTRAIT_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
