'use client';

import { Children, useEffect, useRef, type ReactNode } from 'react';

/**
 * A horizontally scrollable list rendered on the server (usable without script), upgraded to a
 * swiper carousel only when it comes into view. Keyboard arrows and buttons move it; autoplay
 * only when the visitor has not asked for reduced motion.
 */
export function SliderClient({
  label,
  labels,
  children,
  autoplay = false,
}: {
  label: string;
  labels: { prev: string; next: string; slide: string };
  children: ReactNode;
  autoplay?: boolean;
}) {
  const root = useRef<HTMLDivElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const slides = Children.toArray(children);

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    let destroyed = false;
    let swiper: { destroy: () => void } | undefined;
    const io = new IntersectionObserver(
      async (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        const { initSwiper } = await import('./swiper-init');
        if (destroyed) return;
        swiper = initSwiper(el, {
          prevEl: prev.current!,
          nextEl: next.current!,
          autoplay: autoplay && !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
          messages: labels,
        });
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => {
      destroyed = true;
      io.disconnect();
      swiper?.destroy();
    };
  }, [autoplay, labels]);

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} className="relative">
      <div ref={root} className="swiper !overflow-x-auto md:!overflow-hidden">
        <ul className="swiper-wrapper flex gap-4">
          {slides.map((slide, i) => (
            <li key={i} className="swiper-slide !h-auto !w-[85%] shrink-0 sm:!w-[calc(50%-0.5rem)] lg:!w-[calc(33.333%-0.667rem)]">
              {slide}
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <button
          ref={prev}
          type="button"
          aria-label={labels.prev}
          className="flex size-11 items-center justify-center rounded-full border border-line bg-white text-ink transition-colors duration-150 hover:border-brand hover:text-brand disabled:opacity-40"
        >
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M11 3L5 9l6 6" />
          </svg>
        </button>
        <button
          ref={next}
          type="button"
          aria-label={labels.next}
          className="flex size-11 items-center justify-center rounded-full border border-line bg-white text-ink transition-colors duration-150 hover:border-brand hover:text-brand disabled:opacity-40"
        >
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M7 3l6 6-6 6" />
          </svg>
        </button>
      </div>
    </div>
  );
}
