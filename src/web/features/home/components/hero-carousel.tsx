import { useId, useState } from 'react';
import { LineIcon } from '../../../components/line-icon.tsx';
import type { Slide } from '../../../content/site.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

interface HeroCarouselProps {
  slides: readonly Slide[];
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <LineIcon roundJoins strokeWidth={2.5}>
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </LineIcon>
  );
}

/** One slide at a time, moved only by the arrows (no autoplay); the ends wrap around. */
export function HeroCarousel({ slides }: HeroCarouselProps) {
  const [current, setCurrent] = useState(0);
  const newTabNoteId = useId();
  // Server-rendered: the arrows say they do nothing until the page is live (a click then is lost).
  const inactive = !useHydrated() || undefined;
  const count = slides.length;
  const slide = slides[current];
  if (!slide) return null;

  const show = (index: number) => setCurrent((index + count) % count);

  return (
    <section aria-roledescription="carousel" aria-label="Highlights" className="relative">
      <span id={newTabNoteId} hidden>
        Opens in a new tab
      </span>
      <div aria-live="polite">
        <div
          key={current}
          role="group"
          aria-roledescription="slide"
          aria-label={`${current + 1} of ${count}`}
          className="bg-neutral text-neutral-content md:relative"
        >
          <img
            src={slide.image}
            alt={slide.imageAlt}
            width={1600}
            height={700}
            // The first slide is the page's largest image: fetched first (React preloads it).
            fetchPriority={current === 0 ? 'high' : 'auto'}
            className="aspect-[16/7] w-full bg-stone-800 object-cover"
          />
          <div className="focus-ring-light px-5 py-6 md:absolute md:bottom-10 md:left-16 md:max-w-md md:rounded-box md:bg-neutral/90 md:p-8 md:shadow-lg">
            <h2 className="text-2xl font-bold md:text-4xl">{slide.headline}</h2>
            <p className="mt-2 md:text-lg">{slide.subline}</p>
            <a
              href={slide.learnMoreUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={newTabNoteId}
              className="btn btn-primary mt-4"
            >
              Learn More
              {/* Says what about, to screen readers and search engines; the button shows the
                  spec's "Learn More". */}
              <span className="sr-only">: {slide.headline}</span>
            </a>
          </div>
        </div>
      </div>
      <div className="focus-ring-light pointer-events-none absolute inset-x-0 top-0 flex aspect-[16/7] items-center justify-between px-2 md:px-4">
        <button
          type="button"
          className="btn btn-circle btn-neutral pointer-events-auto shadow-md"
          aria-label="Previous slide"
          aria-disabled={inactive}
          onClick={() => show(current - 1)}
        >
          <ChevronIcon direction="left" />
        </button>
        <button
          type="button"
          className="btn btn-circle btn-neutral pointer-events-auto shadow-md"
          aria-label="Next slide"
          aria-disabled={inactive}
          onClick={() => show(current + 1)}
        >
          <ChevronIcon direction="right" />
        </button>
      </div>
    </section>
  );
}
