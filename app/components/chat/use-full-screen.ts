import { type KeyboardEvent, type RefObject, useEffect, useState } from "react";

/**
 * On a phone the chat panel is the whole page: it fills the visible viewport, so the input stays
 * above the on-screen keyboard, and the focus stays inside it.
 */
export function useFullScreen(panelRef: RefObject<HTMLElement | null>) {
  const [fullScreen, setFullScreen] = useState(false);

  useEffect(() => {
    const small = window.matchMedia("(max-width: 639px)");
    const onSize = () => setFullScreen(small.matches);
    onSize();
    small.addEventListener("change", onSize);
    return () => small.removeEventListener("change", onSize);
  }, []);

  useEffect(() => {
    const viewport = window.visualViewport;
    const panel = panelRef.current;
    if (!viewport || !panel || !fullScreen) return;
    const fitToViewport = () => {
      panel.style.setProperty("--chat-height", `${viewport.height}px`);
      panel.style.setProperty("--chat-top", `${viewport.offsetTop}px`);
    };
    fitToViewport();
    viewport.addEventListener("resize", fitToViewport);
    viewport.addEventListener("scroll", fitToViewport);
    return () => {
      viewport.removeEventListener("resize", fitToViewport);
      viewport.removeEventListener("scroll", fitToViewport);
      panel.style.removeProperty("--chat-height");
      panel.style.removeProperty("--chat-top");
    };
  }, [fullScreen, panelRef]);

  /** Tab and Shift+Tab wrap around inside the panel while it is the whole page. */
  const keepFocusInside = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Tab" || !fullScreen || !panelRef.current) return;
    const focusable = [
      ...panelRef.current.querySelectorAll<HTMLElement>(
        "a[href], button:not([disabled]), input:not([disabled])",
      ),
    ].filter((element) => element.offsetParent !== null);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return { fullScreen, keepFocusInside };
}
