import type { ReactNode, RefObject } from 'react';

interface OrdersSectionProps {
  heading: string;
  /** The heading takes the focus when a deleted row's button is gone. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}

/** An orders screen: its heading (with the count once loaded) over the table or its state. */
export function OrdersSection({ heading, headingRef, children }: OrdersSectionProps) {
  return (
    <section className="flex flex-col gap-6">
      <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold">
        {heading}
      </h1>
      {children}
    </section>
  );
}
