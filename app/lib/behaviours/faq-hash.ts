const FAQ_HASH_SCROLL_DELAY_MS = 100;
const FAQ_HASH_SCROLL_OFFSET_PX = 100;

/**
 * `/#faq` lands 100 px above the FAQ after the page has settled (seed §2 Home). Returns a way to
 * cancel the pending scroll.
 */
export function scrollToFaqFromHash(): () => void {
  if (window.location.hash !== "#faq") return () => {};
  const timer = window.setTimeout(() => {
    const section = document.getElementById("faq");
    if (!section) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({
      top: section.getBoundingClientRect().top + window.scrollY - FAQ_HASH_SCROLL_OFFSET_PX,
      behavior: reduceMotion ? "auto" : "smooth",
    });
  }, FAQ_HASH_SCROLL_DELAY_MS);
  return () => window.clearTimeout(timer);
}
