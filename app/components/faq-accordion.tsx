import { useId, useState } from "react";
import type { FaqItem } from "~/content/faq";
import { ChevronDownIcon } from "./icons";

/** At most one answer open; choosing the open question again closes it. */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  return (
    <div className="divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
      {items.map((item) => {
        const open = openId === item.id;
        const buttonId = `${baseId}-${item.id}-question`;
        const panelId = `${baseId}-${item.id}-answer`;
        return (
          <div key={item.id}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                className="flex w-full items-center justify-between gap-4 px-5 py-5 text-left font-semibold text-ink hover:text-brand-800 sm:px-6"
              >
                {item.question}
                <ChevronDownIcon
                  aria-hidden="true"
                  className={`size-5 shrink-0 text-brand-700 transition-transform ${open ? "rotate-180" : ""}`}
                />
              </button>
            </h3>
            <section id={panelId} aria-labelledby={buttonId} hidden={!open} className="px-5 pb-5 sm:px-6">
              <p className="text-muted">{item.answer}</p>
            </section>
          </div>
        );
      })}
    </div>
  );
}
