import { useSyncExternalStore } from "react";

function subscribe(): () => void {
  return () => {};
}

/**
 * False on the server and during hydration, true once React runs in the browser: for controls
 * that the server renders in a form that works without JavaScript and the browser enhances.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
