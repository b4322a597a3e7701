import type { SVGProps } from 'react';

/** Small inline icons (24px grid, stroke-based), decorative unless labelled by the caller. */
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function make(paths: string[], filled = false) {
  return function Icon({ size = 20, ...rest }: IconProps) {
    return (
      <svg
        aria-hidden="true"
        focusable="false"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        {...rest}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const MenuIcon = make(['M4 6h16', 'M4 12h16', 'M4 18h16']);
export const CloseIcon = make(['M6 6l12 12', 'M18 6L6 18']);
export const CheckIcon = make(['M5 12l5 5L20 7']);
export const LinkIcon = make([
  'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1',
  'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
]);
export const MapPinIcon = make([
  'M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z',
  'M12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
]);
export const PhoneIcon = make([
  'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z',
]);
export const MailIcon = make([
  'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z',
  'M3 7l9 6 9-6',
]);
export const GlobeIcon = make([
  'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
  'M3 12h18',
  'M12 3a14 14 0 0 1 0 18',
  'M12 3a14 14 0 0 0 0 18',
]);
export const DirectionsIcon = make(['M12 2l10 10-10 10L2 12z', 'M9 13v-2a1 1 0 0 1 1-1h5', 'M13 8l2 2-2 2']);
export const ShareIcon = make(['M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7', 'M16 6l-4-4-4 4', 'M12 2v13']);
export const BriefcaseIcon = make([
  'M4 7h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1z',
  'M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2',
]);
export const ChatIcon = make(['M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12z']);
export const ClockIcon = make(['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2']);
export const ChevronLeftIcon = make(['M15 6l-6 6 6 6']);
export const ChevronRightIcon = make(['M9 6l6 6-6 6']);
export const CrosshairIcon = make([
  'M12 20a8 8 0 1 0 0-16 8 8 0 0 0 0 16z',
  'M12 2v4',
  'M12 18v4',
  'M2 12h4',
  'M18 12h4',
]);
export const PauseIcon = make(['M9 5v14', 'M15 5v14']);
export const PlayIcon = make(['M7 4l13 8-13 8z'], true);
export const StarIcon = make(
  ['M12 2.5l2.9 6 6.6.8-4.9 4.6 1.3 6.5L12 17.2l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z'],
  true,
);
export const WalletIcon = make([
  'M3 7a2 2 0 0 1 2-2h13v4',
  'M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2z',
  'M16 14.5h.01',
]);
