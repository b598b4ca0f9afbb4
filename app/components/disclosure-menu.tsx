import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";

export interface MenuLink {
  label: string;
  to: string;
}

/**
 * A navigation dropdown (the disclosure pattern): opens on hover for a mouse, on tap or click,
 * and from the keyboard; Escape, a click elsewhere or focus moving away closes it.
 */
export function DisclosureMenu({
  label,
  links,
  inline = false,
}: {
  label: string;
  links: MenuLink[];
  /** Inside the mobile menu the list opens in place instead of floating. */
  inline?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePointer);
  }, [open]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only listens; the button is the control
    <div
      ref={containerRef}
      className="relative"
      onPointerEnter={(event) => !inline && event.pointerType === "mouse" && setOpen(true)}
      onPointerLeave={(event) => !inline && event.pointerType === "mouse" && setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!containerRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={`inline-flex items-center gap-1 rounded-md px-3 font-medium text-ink hover:text-brand-700 ${inline ? "w-full justify-between py-3" : "py-2"}`}
      >
        {label}
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className={
          inline
            ? "space-y-1 border-brand-100 border-l-2 py-1 pl-3"
            : "absolute left-0 z-40 min-w-60 rounded-xl border border-gray-200 bg-white p-2 shadow-lg"
        }
      >
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={() => setOpen(false)}
              className="block rounded-lg px-3 py-2 text-ink hover:bg-brand-50 hover:text-brand-800"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
