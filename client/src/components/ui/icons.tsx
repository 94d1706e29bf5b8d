// The icons the home page's first paint draws (the header, the slider, toasts, the offline
// banner): lucide's drawings (ISC licence), inlined as plain
// SVG so that the entry bundle does not carry lucide-react's runtime (scripts/size.mjs). They
// render as lucide-react's do (24 × 24, stroke 2, `lucide lucide-<name>` classes, aria-hidden)
// and take the same props. Every other icon comes from lucide-react.
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

function icon(name: string, paths: string[]) {
  function Icon({ className, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        className={`lucide lucide-${name}${className ? ` ${className}` : ''}`}
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  }
  return Icon;
}

export const ChevronLeft = icon('chevron-left', ['m15 18-6-6 6-6']);
export const ChevronRight = icon('chevron-right', ['m9 18 6-6-6-6']);
export const LogIn = icon('log-in', [
  'm10 17 5-5-5-5',
  'M15 12H3',
  'M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4',
]);
export const Menu = icon('menu', ['M4 5h16', 'M4 12h16', 'M4 19h16']);
export const WifiOff = icon('wifi-off', [
  'M12 20h.01',
  'M8.5 16.429a5 5 0 0 1 7 0',
  'M5 12.859a10 10 0 0 1 5.17-2.69',
  'M19 12.859a10 10 0 0 0-2.007-1.523',
  'M2 8.82a15 15 0 0 1 4.177-2.643',
  'M22 8.82a15 15 0 0 0-11.288-3.764',
  'm2 2 20 20',
]);
export const X = icon('x', ['M18 6 6 18', 'm6 6 12 12']);
