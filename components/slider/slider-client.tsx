'use client';

import { Children, useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Slides laid out with the page: a row's worth on the widest layout (three). The rest stay
 * `hidden` until the carousel nears the viewport, so the browser does not lay out ~90 elements of
 * the student landing that nobody sees during the first seconds (they are in the HTML all along).
 */
const FIRST_SLIDES = 3;

/**
 * A horizontally scrollable list rendered on the server (usable without script), upgraded to a
 * swiper carousel only when it comes into view. Keyboard arrows and buttons move it; autoplay
 * only when the visitor has not asked for reduced motion. Without JavaScript the list shows its
 * first three slides.
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

  // Near the viewport (200 px ahead): first show every slide, then (next effect, after that
  // render is committed) start swiper on the full list.
  const [near, setNear] = useState(false);

  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        io.disconnect();
        setNear(true);
      },
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);

  useEffect(() => {
    const el = root.current;
    if (!near || !el) return;
    let destroyed = false;
    let swiper: { destroy: () => void } | undefined;
    void import('./swiper-init').then(({ initSwiper }) => {
      if (destroyed) return;
      swiper = initSwiper(el, {
        prevEl: prev.current!,
        nextEl: next.current!,
        autoplay: autoplay && !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
        messages: labels,
      });
    });
    return () => {
      destroyed = true;
      swiper?.destroy();
    };
  }, [near, autoplay, labels]);

  return (
    <div role="region" aria-roledescription="carousel" aria-label={label} className="relative">
      <div ref={root} className="swiper !overflow-x-auto md:!overflow-hidden">
        <ul className="swiper-wrapper flex gap-4">
          {slides.map((slide, i) => (
            <li key={i} hidden={!near && i >= FIRST_SLIDES} className="swiper-slide slide">
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
          className="slider-button"
        >
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M11 3L5 9l6 6" />
          </svg>
        </button>
        <button
          ref={next}
          type="button"
          aria-label={labels.next}
          className="slider-button"
        >
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 18 18" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M7 3l6 6-6 6" />
          </svg>
        </button>
      </div>
    </div>
  );
}
