import { attachScrollToTop } from "~/lib/behaviours/scroll-to-top";
import { useBehaviour } from "~/lib/behaviours/use-behaviour";
import { ArrowUpIcon } from "./icons";

/** Hidden until the page is scrolled down (~/lib/behaviours/scroll-to-top). */
export function ScrollToTopButton() {
  const ref = useBehaviour<HTMLButtonElement>(attachScrollToTop);
  return (
    <button
      ref={ref}
      type="button"
      hidden
      data-scroll-to-top
      className="fixed right-4 bottom-20 z-20 inline-flex size-12 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800"
    >
      <ArrowUpIcon aria-hidden="true" className="size-5" />
      <span className="sr-only">Scroll to top</span>
    </button>
  );
}
