import { useId } from "react";
import type { FaqItem } from "~/content/faq";
import { attachAccordion } from "~/lib/behaviours/accordion";
import { useBehaviour } from "~/lib/behaviours/use-behaviour";
import { ChevronDownIcon } from "./icons";

/** At most one answer open; choosing the open question again closes it (~/lib/behaviours/accordion). */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const baseId = useId();
  const ref = useBehaviour<HTMLDivElement>(attachAccordion);
  return (
    <div
      ref={ref}
      data-accordion
      className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white"
    >
      {items.map((item) => {
        const buttonId = `${baseId}-${item.id}-question`;
        const panelId = `${baseId}-${item.id}-answer`;
        return (
          <div key={item.id}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded="false"
                aria-controls={panelId}
                className="group flex w-full items-center justify-between gap-4 px-5 py-5 text-left font-semibold text-ink hover:text-brand-800 sm:px-6"
              >
                {item.question}
                <ChevronDownIcon
                  aria-hidden="true"
                  className="size-5 shrink-0 text-brand-700 transition-transform group-aria-expanded:rotate-180"
                />
              </button>
            </h3>
            <section id={panelId} aria-labelledby={buttonId} hidden className="px-5 pb-5 sm:px-6">
              <p className="text-muted">{item.answer}</p>
            </section>
          </div>
        );
      })}
    </div>
  );
}
