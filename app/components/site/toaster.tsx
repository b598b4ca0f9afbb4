import { useEffect, useState } from "react";
import { attachToaster, showToast, type ToastMessage } from "~/lib/behaviours/toast";
import { useBehaviour } from "~/lib/behaviours/use-behaviour";
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon } from "./icons";

/** One toast; every kind's icon is drawn, and its `data-kind` shows the right one. */
function ToastCard({ toast }: { toast: ToastMessage }) {
  return (
    <div
      data-toast
      data-kind={toast.kind}
      className="group pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-lg data-[kind=error]:border-red-200"
    >
      <SuccessIcon className="mt-0.5 hidden size-5 shrink-0 text-green-700 group-data-[kind=success]:block" />
      <ErrorIcon className="mt-0.5 hidden size-5 shrink-0 text-red-700 group-data-[kind=error]:block" />
      <InfoIcon className="mt-0.5 hidden size-5 shrink-0 text-brand-700 group-data-[kind=info]:block" />
      <p data-toast-message className="flex-1 font-medium text-ink text-sm">
        {toast.message}
      </p>
      <button type="button" className="-m-1 rounded p-1 text-muted hover:text-ink">
        <CloseIcon aria-hidden="true" className="size-4" />
        <span className="sr-only">Dismiss</span>
      </button>
    </div>
  );
}

/**
 * Shows a toast at the top right for four seconds (~/lib/behaviours/toast): the page's own, from a
 * redirect's flash cookie, and any `showToast`. A new toast object in the loader data (after a
 * navigation in the browser) replaces the current one.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const ref = useBehaviour<HTMLDivElement>(attachToaster);
  // The toast the page came with is the behaviour's from the start: React never renders it again.
  const [toastOfThePage] = useState(toast);
  useEffect(() => {
    if (toast && toast !== toastOfThePage) showToast(toast);
  }, [toast, toastOfThePage]);

  return (
    <div
      ref={ref}
      data-toaster
      className="pointer-events-none fixed top-4 right-4 left-4 z-50 flex justify-end sm:left-auto"
      aria-live="polite"
      role="status"
    >
      <div hidden data-toast-prototype>
        <ToastCard toast={{ kind: "info", message: "" }} />
      </div>
      {toastOfThePage ? <ToastCard toast={toastOfThePage} /> : null}
    </div>
  );
}
