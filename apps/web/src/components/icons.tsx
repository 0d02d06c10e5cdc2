import { createElement, type ReactElement, type SVGProps } from 'react';

/**
 * The app's line icons, inline so no icon library ships to the tablet: one 24×24 stroke base, and each
 * icon is only its shapes. Decorative by default (aria-hidden); the control they sit in carries the
 * accessible name.
 */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

type Shape = string | ReactElement;

/**
 * An icon component drawing its shapes on the shared base; a string is a path's `d`, other shapes come
 * from rect() and circle().
 */
export function lineIcon(...shapes: Shape[]) {
  // Passed as separate children (createElement's rest arguments), so they need no keys.
  const drawn = shapes.map((shape) =>
    typeof shape === 'string' ? createElement('path', { d: shape }) : shape,
  );
  return (props: IconProps) => createElement(Icon, props, ...drawn);
}

const rect = (x: number, y: number, width: number, height: number, rx: number) => (
  <rect x={x} y={y} width={width} height={height} rx={rx} />
);
const circle = (cx: number, cy: number, r: number) => <circle cx={cx} cy={cy} r={r} />;

// Shell and navigation
export const HomeIcon = lineIcon('M3 11l9-8 9 8', 'M5 10v10h5v-6h4v6h5V10');
export const PlusIcon = lineIcon('M12 5v14M5 12h14');
export const DraftsIcon = lineIcon(
  'M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9l-6-6z',
  'M14 3v6h6M8 13h8M8 17h5',
);
/** Two circling arrows (the Sync entry of the navigation). */
export const SyncIcon = lineIcon(
  'M21 12a9 9 0 0 1-15.4 6.4L3 16',
  'M3 21v-5h5',
  'M3 12a9 9 0 0 1 15.4-6.4L21 8',
  'M21 3v5h-5',
);
export const ChevronDownIcon = lineIcon('M6 9l6 6 6-6');
export const ChevronRightIcon = lineIcon('M9 6l6 6-6 6');
export const ChevronLeftIcon = lineIcon('M15 18l-6-6 6-6');
export const LogoutIcon = lineIcon(
  'M14 8V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-3',
  'M9 12h12l-3-3M21 12l-3 3',
);
/** A tablet outline ("This device"). */
export const DeviceIcon = lineIcon(rect(4, 2, 16, 20, 2), 'M11 18h2');
export const BuildingIcon = lineIcon(
  'M4 21V5l8-3 8 3v16',
  'M9 21v-5h6v5M9 9h.01M15 9h.01M9 13h.01M15 13h.01',
);
/** Sliders: the settings hub. */
export const SettingsIcon = lineIcon(
  'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0',
  circle(16, 6, 2),
  circle(10, 12, 2),
  circle(18, 18, 2),
);
export const LockIcon = lineIcon(rect(5, 11, 14, 10, 2), 'M8 11V7a4 4 0 0 1 8 0v4');
/** A head and shoulders: the user's own profile. */
export const PersonIcon = lineIcon(circle(12, 8, 4), 'M4 21a8 8 0 0 1 16 0');

// States and notices
export const CheckIcon = lineIcon('M5 12l5 5L20 7');
/** A bell: notifications. */
export const BellIcon = lineIcon('M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.9 1.9 0 0 0 3.4 0');
export const OfflineIcon = lineIcon(
  'M2 2l20 20',
  'M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2.4-1.8M2 8.8a15 15 0 0 1 4.2-2.7M22 8.8A15 15 0 0 0 10.7 5',
  'M12 20h.01',
);
export const OnlineIcon = lineIcon(
  'M5 12.9a10 10 0 0 1 14 0M2 8.8a15 15 0 0 1 20 0M8.5 16.4a5 5 0 0 1 7 0',
  'M12 20h.01',
);
export const AlertIcon = lineIcon('M12 3l10 18H2L12 3z', 'M12 10v4M12 17h.01');
export const InfoIcon = lineIcon(circle(12, 12, 9), 'M12 11v5M12 8h.01');
export const ChildrenIcon = lineIcon(
  circle(9, 7, 3),
  circle(17, 9, 2.5),
  'M3 20v-1a5 5 0 0 1 10 0v1M14 20v-1a3.5 3.5 0 0 1 7 0v1',
);

// Event panels and cards
export const CloseIcon = lineIcon('M18 6 6 18M6 6l12 12');
export const VideoIcon = lineIcon(rect(2, 6, 14, 12, 2), 'm16 10 6-3v10l-6-3z');
export const UploadIcon = lineIcon('M12 16V4M7 9l5-5 5 5M4 20h16');
export const HistoryIcon = lineIcon('M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5M12 7v5l3 3');
export const EditIcon = lineIcon('M4 20h4L19 9l-4-4L4 16z');
/** A bar chart: a report. */
export const ReportIcon = lineIcon('M4 20h16', 'M7 16v-5M12 16V7M17 16v-8');
