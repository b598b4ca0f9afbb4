import type { Testimonial } from "~/content/testimonials";
import { attachCarousel } from "~/lib/behaviours/carousel";
import { useBehaviour } from "~/lib/behaviours/use-behaviour";
import { PauseIcon, PlayIcon, StarIcon } from "./icons";

/**
 * One testimonial per view, centred, looping, with clickable pagination, autoplay and a Pause
 * button (~/lib/behaviours/carousel). Rendered showing the first slide, playing.
 */
export function TestimonialsCarousel({ testimonials }: { testimonials: Testimonial[] }) {
  const count = testimonials.length;
  const ref = useBehaviour<HTMLElement>(attachCarousel);
  return (
    <section ref={ref} data-carousel aria-roledescription="carousel" aria-label="Client testimonials">
      <div className="touch-pan-y overflow-hidden" data-carousel-viewport>
        <div
          data-carousel-track
          className="flex gap-8 transition-transform duration-500 ease-out"
          style={{ transform: "translateX(calc(0 * (100% + 2rem)))" }}
          aria-live="off"
        >
          {testimonials.map((testimonial, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the carousel pattern names each slide as a group
            <div
              key={testimonial.author}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              aria-hidden={index !== 0 || undefined}
              inert={index !== 0}
              data-selected={index === 0}
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
            data-carousel-dot
            aria-label={`Show testimonial ${index + 1}`}
            aria-current={index === 0 ? "true" : undefined}
            className="group inline-flex size-11 items-center justify-center"
          >
            <span className="block h-2.5 w-2.5 rounded-full bg-gray-400 transition-all group-hover:bg-brand-400 group-aria-[current=true]:w-8 group-aria-[current=true]:bg-brand-700" />
          </button>
        ))}
        <button
          type="button"
          data-carousel-pause
          className="ml-2 inline-flex size-11 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50"
        >
          <span data-when-playing className="contents">
            <PauseIcon aria-hidden="true" className="size-5" />
            <span className="sr-only">Pause testimonials</span>
          </span>
          <span data-when-paused hidden className="contents">
            <PlayIcon aria-hidden="true" className="size-5" />
            <span className="sr-only">Play testimonials</span>
          </span>
        </button>
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
