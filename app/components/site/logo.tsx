import { site } from "~/content/site";

/** The agency's mark: a speech bubble holding a check, beside the name. */
function LogoMark({ className = "size-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="11" fill="#6d28d9" />
      <path
        d="M10 12.5a3 3 0 0 1 3-3h14a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3h-8l-6 5v-5a3 3 0 0 1-3-3Z"
        fill="#fff"
      />
      <path
        d="m15 17.5 3.2 3.2 6.3-6.4"
        fill="none"
        stroke="#f59e0b"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Logo() {
  return (
    <span className="inline-flex items-center gap-2">
      <LogoMark />
      <span className="font-bold text-ink text-xl tracking-tight">{site.name}</span>
    </span>
  );
}
