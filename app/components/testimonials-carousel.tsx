import { useEffect, useRef, useState } from "react";
import type { Testimonial } from "~/content/testimonials";
import { usePrefersReducedMotion } from "~/lib/use-prefers-reduced-motion";
import { PauseIcon, PlayIcon, StarIcon } from "./icons";

export const AUTOPLAY_DELAY_MS = 3500;
const SWIPE_THRESHOLD_PX = 40;

/**
 * One testimonial per view, centred, looping, with clickable pagination. Autoplay carries on after
 * the visitor interacts (the timer restarts); it stays still when the visitor prefers reduced
 * motion or presses Pause. A copy of the first slide after the last makes the loop seamless.
 */
export function TestimonialsCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const count = testimonials.length;
  const [position, setPosition] = useState(0);
  const [animate, setAnimate] = useState(true);
  const [pausedByVisitor, setPausedByVisitor] = useState(false);
  const reduceMotion = usePrefersReducedMotion();
  const playing = !pausedByVisitor && !reduceMotion;
  const selectedIndex = position % count;
  const swipeStart = useRef<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new position restarts the timer on purpose
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => goTo(position + 1), AUTOPLAY_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [playing, position]);

  // After the jump back from the copy to the real first slide, turn the animation on again.
  useEffect(() => {
    if (animate) return;
    const frame = window.requestAnimationFrame(() => setAnimate(true));
    return () => window.cancelAnimationFrame(frame);
  }, [animate]);

  function goTo(next: number) {
    setAnimate(true);
    setPosition(((next % (count + 1)) + count + 1) % (count + 1));
  }

  function settleOnCopy() {
    if (position === count) {
      setAnimate(false);
      setPosition(0);
    }
  }

  return (
    <section aria-roledescription="carousel" aria-label="Client testimonials">
      <div
        className="touch-pan-y overflow-hidden"
        onPointerDown={(event) => {
          swipeStart.current = event.clientX;
        }}
        onPointerUp={(event) => {
          if (swipeStart.current === null) return;
          const distance = event.clientX - swipeStart.current;
          swipeStart.current = null;
          if (Math.abs(distance) < SWIPE_THRESHOLD_PX) return;
          goTo(distance < 0 ? position + 1 : selectedIndex === 0 ? count - 1 : position - 1);
        }}
      >
        <div
          className={`flex gap-8 ${animate ? "transition-transform duration-500 ease-out" : ""}`}
          style={{ transform: `translateX(calc(${-position} * (100% + 2rem)))` }}
          onTransitionEnd={settleOnCopy}
          aria-live={playing ? "off" : "polite"}
        >
          {testimonials.map((testimonial, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the carousel pattern names each slide as a group
            <div
              key={testimonial.author}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={index !== selectedIndex || undefined}
              inert={index !== selectedIndex}
              data-selected={index === selectedIndex}
              className="w-full shrink-0"
            >
              <TestimonialCard testimonial={testimonial} />
            </div>
          ))}
          <div aria-hidden="true" inert className="w-full shrink-0">
            <TestimonialCard testimonial={testimonials[0]!} />
          </div>
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-1">
        {testimonials.map((testimonial, index) => (
          <button
            key={testimonial.author}
            type="button"
            aria-label={`Show testimonial ${index + 1}`}
            aria-current={index === selectedIndex ? "true" : undefined}
            onClick={() => goTo(index)}
            className="group inline-flex size-11 items-center justify-center"
          >
            <span
              className={`block h-2.5 rounded-full transition-all ${
                index === selectedIndex ? "w-8 bg-brand-700" : "w-2.5 bg-gray-400 group-hover:bg-brand-400"
              }`}
            />
          </button>
        ))}
        {reduceMotion ? null : (
          <button
            type="button"
            onClick={() => setPausedByVisitor((paused) => !paused)}
            className="ml-2 inline-flex size-11 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50"
          >
            {playing ? (
              <PauseIcon aria-hidden="true" className="size-5" />
            ) : (
              <PlayIcon aria-hidden="true" className="size-5" />
            )}
            <span className="sr-only">{playing ? "Pause testimonials" : "Play testimonials"}</span>
          </button>
        )}
      </div>
    </section>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  const initials = testimonial.author
    .split(" ")
    .map((part) => part[0])
    .join("");
  return (
    <figure className="mx-auto flex h-full max-w-3xl flex-col rounded-2xl border border-gray-200 bg-white p-6 text-center shadow-sm sm:p-10">
      <p className="flex items-center justify-center gap-2">
        <span className="flex gap-0.5 text-accent-500" aria-hidden="true">
          {[1, 2, 3, 4, 5].map((star) => (
            <StarIcon key={star} className="size-5 fill-current" />
          ))}
        </span>
        <span className="font-semibold text-ink">{testimonial.rating}</span>
        <span className="sr-only">out of 5</span>
      </p>
      <p className="mt-4 font-semibold text-ink text-xl">{testimonial.name}</p>
      <blockquote className="mt-3 flex-1 text-lg text-muted">
        <p>“{testimonial.comment}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center justify-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-12 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {initials}
        </span>
        <span className="text-left">
          <span className="block font-semibold text-ink">{testimonial.author}</span>
          <span className="block text-muted text-sm">{testimonial.position}</span>
        </span>
      </figcaption>
    </figure>
  );
}
