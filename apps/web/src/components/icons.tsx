import type { ReactNode, SVGProps } from 'react';

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

/** An icon component drawing `shapes` on the shared base. */
export function lineIcon(shapes: ReactNode) {
  return (props: IconProps) => <Icon {...props}>{shapes}</Icon>;
}

/** Shorthand for the icons made of paths only. */
const pathIcon = (...d: string[]) => lineIcon(d.map((path) => <path key={path} d={path} />));

// Shell and navigation
export const HomeIcon = pathIcon('M3 11l9-8 9 8', 'M5 10v10h5v-6h4v6h5V10');
export const PlusIcon = pathIcon('M12 5v14M5 12h14');
export const DraftsIcon = pathIcon(
  'M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9l-6-6z',
  'M14 3v6h6M8 13h8M8 17h5',
);
/** Two circling arrows (the Sync entry of the navigation). */
export const SyncIcon = pathIcon(
  'M21 12a9 9 0 0 1-15.4 6.4L3 16',
  'M3 21v-5h5',
  'M3 12a9 9 0 0 1 15.4-6.4L21 8',
  'M21 3v5h-5',
);
export const ChevronDownIcon = pathIcon('M6 9l6 6 6-6');
export const ChevronRightIcon = pathIcon('M9 6l6 6-6 6');
export const ChevronLeftIcon = pathIcon('M15 18l-6-6 6-6');
export const LogoutIcon = pathIcon(
  'M14 8V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-3',
  'M9 12h12l-3-3M21 12l-3 3',
);
/** A tablet outline ("This device"). */
export const DeviceIcon = lineIcon(
  <>
    <rect x="4" y="2" width="16" height="20" rx="2" />
    <path d="M11 18h2" />
  </>,
);
export const BuildingIcon = pathIcon(
  'M4 21V5l8-3 8 3v16',
  'M9 21v-5h6v5M9 9h.01M15 9h.01M9 13h.01M15 13h.01',
);
export const LockIcon = lineIcon(
  <>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);

// States and notices
export const CheckIcon = pathIcon('M5 12l5 5L20 7');
export const OfflineIcon = pathIcon(
  'M2 2l20 20',
  'M8.5 16.4a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2.4-1.8M2 8.8a15 15 0 0 1 4.2-2.7M22 8.8A15 15 0 0 0 10.7 5',
  'M12 20h.01',
);
export const OnlineIcon = pathIcon(
  'M5 12.9a10 10 0 0 1 14 0M2 8.8a15 15 0 0 1 20 0M8.5 16.4a5 5 0 0 1 7 0',
  'M12 20h.01',
);
export const AlertIcon = pathIcon('M12 3l10 18H2L12 3z', 'M12 10v4M12 17h.01');
export const InfoIcon = lineIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </>,
);
export const ChildrenIcon = lineIcon(
  <>
    <circle cx="9" cy="7" r="3" />
    <circle cx="17" cy="9" r="2.5" />
    <path d="M3 20v-1a5 5 0 0 1 10 0v1M14 20v-1a3.5 3.5 0 0 1 7 0v1" />
  </>,
);

// Event panels and cards
export const CloseIcon = pathIcon('M18 6 6 18M6 6l12 12');
export const VideoIcon = lineIcon(
  <>
    <rect x="2" y="6" width="14" height="12" rx="2" />
    <path d="m16 10 6-3v10l-6-3z" />
  </>,
);
export const UploadIcon = pathIcon('M12 16V4M7 9l5-5 5 5M4 20h16');
export const HistoryIcon = pathIcon('M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5M12 7v5l3 3');
export const EditIcon = pathIcon('M4 20h4L19 9l-4-4L4 16z');
