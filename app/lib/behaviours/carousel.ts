const AUTOPLAY_DELAY_MS = 3500;
const SWIPE_THRESHOLD_PX = 40;

/**
 * One slide per view, looping, with pagination buttons, swipes and a Pause/Play button. Autoplay
 * carries on after the visitor interacts (the timer restarts); it stays still when the visitor
 * prefers reduced motion or presses Pause. A copy of the first slide after the last makes the loop
 * seamless. The markup is the first slide shown and playing:
 * - `[data-carousel-viewport]` takes swipes; `[data-carousel-track]` moves, holding the slides
 *   (`[aria-roledescription="slide"]`) and then the copy;
 * - `[data-carousel-dot]` buttons, one per slide, marked `aria-current` when theirs is shown;
 * - `[data-carousel-pause]`, holding `[data-when-playing]` and `[data-when-paused]` parts.
 */
export function attachCarousel(element: HTMLElement): () => void {
  const viewport = element.querySelector<HTMLElement>("[data-carousel-viewport]");
  const track = element.querySelector<HTMLElement>("[data-carousel-track]");
  if (!viewport || !track) return () => {};
  const slides = [...track.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
  const dots = [...element.querySelectorAll<HTMLButtonElement>("[data-carousel-dot]")];
  const pauseButton = element.querySelector<HTMLButtonElement>("[data-carousel-pause]");
  const count = slides.length;
  const controller = new AbortController();
  const { signal } = controller;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  let position = 0;
  let pausedByVisitor = false;
  let timer: number | undefined;
  let swipeStart: number | null = null;
  const playing = () => !pausedByVisitor && !reducedMotion.matches;

  function show(next: number, animate = true) {
    position = ((next % (count + 1)) + count + 1) % (count + 1);
    const selected = position % count;
    track!.style.transition = animate ? "" : "none";
    track!.style.transform = `translateX(calc(${-position} * (100% + 2rem)))`;
    track!.setAttribute("aria-live", playing() ? "off" : "polite");
    slides.forEach((slide, index) => {
      const current = index === selected;
      slide.dataset.selected = String(current);
      slide.inert = !current;
      if (current) slide.removeAttribute("aria-hidden");
      else slide.setAttribute("aria-hidden", "true");
    });
    dots.forEach((dot, index) => {
      if (index === selected) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
    if (pauseButton) {
      pauseButton.hidden = reducedMotion.matches;
      for (const part of pauseButton.querySelectorAll<HTMLElement>("[data-when-playing]"))
        part.hidden = !playing();
      for (const part of pauseButton.querySelectorAll<HTMLElement>("[data-when-paused]"))
        part.hidden = playing();
    }
    window.clearTimeout(timer);
    if (playing()) timer = window.setTimeout(() => show(position + 1), AUTOPLAY_DELAY_MS);
  }

  // After the slide onto the copy of the first, jump back to the real one without animation.
  track.addEventListener(
    "transitionend",
    () => {
      if (position !== count) return;
      show(0, false);
      requestAnimationFrame(() => requestAnimationFrame(() => (track.style.transition = "")));
    },
    { signal },
  );
  dots.forEach((dot, index) => {
    dot.addEventListener("click", () => show(index), { signal });
  });
  pauseButton?.addEventListener(
    "click",
    () => {
      pausedByVisitor = !pausedByVisitor;
      show(position);
    },
    { signal },
  );
  viewport.addEventListener("pointerdown", (event) => (swipeStart = event.clientX), { signal });
  viewport.addEventListener(
    "pointerup",
    (event) => {
      if (swipeStart === null) return;
      const distance = event.clientX - swipeStart;
      swipeStart = null;
      if (Math.abs(distance) < SWIPE_THRESHOLD_PX) return;
      const selected = position % count;
      show(distance < 0 ? position + 1 : selected === 0 ? count - 1 : position - 1);
    },
    { signal },
  );
  reducedMotion.addEventListener("change", () => show(position), { signal });

  show(0);
  return () => {
    controller.abort();
    window.clearTimeout(timer);
  };
}
