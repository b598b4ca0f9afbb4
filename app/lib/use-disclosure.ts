import { useEffect, useId, useRef, useState } from "react";

/**
 * A button that shows and hides a panel (the disclosure pattern). Escape closes it and returns focus
 * to the button; `closeOnFocusLeaving` closes it when focus moves away; `closeOnOutsidePress` closes
 * it on a press elsewhere;
 * `openOnHover` opens it while a mouse is over it — and then a click keeps it open instead of
 * toggling it shut, since the pointer that clicked is the one that opened it.
 */
export function useDisclosure(
  options: { openOnHover?: boolean; closeOnOutsidePress?: boolean; closeOnFocusLeaving?: boolean } = {},
) {
  const { openOnHover = false, closeOnOutsidePress = true, closeOnFocusLeaving = true } = options;
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openedByHover = useRef(false);
  const panelId = useId();

  useEffect(() => {
    if (!open || !closeOnOutsidePress) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePointer);
  }, [open, closeOnOutsidePress]);

  const containerProps = {
    ref: containerRef,
    onPointerEnter: (event: React.PointerEvent) => {
      if (!openOnHover || event.pointerType !== "mouse" || open) return;
      openedByHover.current = true;
      setOpen(true);
    },
    onPointerLeave: (event: React.PointerEvent) => {
      if (!openOnHover || event.pointerType !== "mouse") return;
      openedByHover.current = false;
      setOpen(false);
    },
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === "Escape" && open) {
        setOpen(false);
        buttonRef.current?.focus();
      }
    },
    onBlur: (event: React.FocusEvent) => {
      if (closeOnFocusLeaving && !containerRef.current?.contains(event.relatedTarget as Node | null))
        setOpen(false);
    },
  };

  const buttonProps = {
    ref: buttonRef,
    type: "button" as const,
    "aria-expanded": open,
    "aria-controls": panelId,
    onClick: () => {
      if (openedByHover.current) {
        openedByHover.current = false;
        return;
      }
      setOpen((value) => !value);
    },
  };

  return { open, close: () => setOpen(false), panelId, containerProps, buttonProps };
}
