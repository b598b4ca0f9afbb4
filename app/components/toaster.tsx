import { useEffect, useState } from "react";
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon } from "./icons";

export const TOAST_DURATION_MS = 4000;

export interface ToastMessage {
  kind: "success" | "error" | "info";
  message: string;
}

const icons = { success: SuccessIcon, error: ErrorIcon, info: InfoIcon };
const TOAST_EVENT = "app:toast";

/** Shows a toast from anywhere in the browser (e.g. after a form submitted with fetch). */
export function showToast(toast: ToastMessage): void {
  window.dispatchEvent(new CustomEvent<ToastMessage>(TOAST_EVENT, { detail: toast }));
}

/**
 * Shows the page's toast at the top right for four seconds. A new toast object (from a redirect's
 * flash cookie) replaces the current one.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const [visible, setVisible] = useState<ToastMessage | null>(toast);

  useEffect(() => setVisible(toast), [toast]);

  useEffect(() => {
    const onToast = (event: Event) => setVisible((event as CustomEvent<ToastMessage>).detail);
    window.addEventListener(TOAST_EVENT, onToast);
    return () => window.removeEventListener(TOAST_EVENT, onToast);
  }, []);

  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => setVisible(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  const Icon = visible ? icons[visible.kind] : null;
  return (
    <div
      className="pointer-events-none fixed top-4 right-4 left-4 z-50 flex justify-end sm:left-auto"
      aria-live="polite"
      role="status"
    >
      {visible && Icon ? (
        <div
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-white p-4 shadow-lg ${
            visible.kind === "error" ? "border-red-200" : "border-gray-200"
          }`}
        >
          <Icon
            aria-hidden="true"
            className={`mt-0.5 size-5 shrink-0 ${visible.kind === "error" ? "text-red-700" : visible.kind === "success" ? "text-green-700" : "text-brand-700"}`}
          />
          <p className="flex-1 font-medium text-ink text-sm">{visible.message}</p>
          <button
            type="button"
            onClick={() => setVisible(null)}
            className="-m-1 rounded p-1 text-muted hover:text-ink"
          >
            <CloseIcon aria-hidden="true" className="size-4" />
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
