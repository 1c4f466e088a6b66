import type { ReactNode } from 'react';

interface LineIconProps {
  /** The icon's lines (paths, shapes) on a 24×24 grid. */
  children: ReactNode;
  /** Rounded corners where lines meet (shapes); straight strokes need none. */
  roundJoins?: boolean;
  /** The lines' width on that grid. */
  strokeWidth?: number;
}

/** A decorative 24×24 line icon in the text's colour: the navbar's menu buttons, the carousel's arrows. */
export function LineIcon({ children, roundJoins = false, strokeWidth = 2 }: LineIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      {...(roundJoins && { strokeLinejoin: 'round' })}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
