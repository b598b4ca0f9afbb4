const SCROLL_TO_TOP_THRESHOLD_PX = 400;

/** The "Scroll to top" button (rendered `hidden`): shown once the page is scrolled past the threshold. */
export function attachScrollToTop(button: HTMLButtonElement): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const update = () => {
    button.hidden = window.scrollY <= SCROLL_TO_TOP_THRESHOLD_PX;
  };
  update();
  window.addEventListener("scroll", update, { passive: true, signal });
  button.addEventListener(
    "click",
    () => {
      const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      window.scrollTo({ top: 0, behavior: reduceMotion ? "auto" : "smooth" });
    },
    { signal },
  );
  return () => controller.abort();
}
