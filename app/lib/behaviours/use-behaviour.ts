import { useEffect, useRef } from "react";

/**
 * Attaches a behaviour (a function of this folder) to the element the returned ref lands on, once
 * it is in the page, and detaches it when the element leaves. React renders the markup; the
 * behaviour owns what changes on it, exactly as on static pages.
 */
export function useBehaviour<T extends HTMLElement>(attach: (element: T) => () => void) {
  const ref = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attached once per element, by design
  useEffect(() => (ref.current ? attach(ref.current) : undefined), []);
  return ref;
}
