import type { ReactNode } from 'react';

interface LineIconProps {
  /** The icon's lines (paths, shapes) on a 24×24 grid. */
  children: ReactNode;
  /** Rounded corners where lines meet (shapes); straight strokes need none. */
  roundJoins?: boolean;
}

/** A decorative 24×24 line icon in the text's colour, as on the navbar's menu buttons. */
export function LineIcon({ children, roundJoins = false }: LineIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      {...(roundJoins && { strokeLinejoin: 'round' })}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}
