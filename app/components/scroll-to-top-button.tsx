import { useEffect, useState } from "react";
import { ArrowUpIcon } from "./icons";

export const SCROLL_TO_TOP_THRESHOLD_PX = 400;

export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduceMotion ? "auto" : "smooth" });
      }}
      className="fixed right-4 bottom-20 z-20 inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
    >
      <ArrowUpIcon aria-hidden="true" className="size-5" />
      <span className="sr-only">Scroll to top</span>
    </button>
  );
}
