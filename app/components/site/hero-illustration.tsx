/** A desk scene: a laptop with a task list, a calendar card and a chat bubble from the assistant. */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 480 380"
      width="480"
      height="380"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="250" cy="190" r="170" fill="#ede9fe" />
      <circle cx="400" cy="70" r="28" fill="#fcd34d" opacity="0.6" />
      {/* laptop */}
      <rect x="110" y="110" width="240" height="160" rx="14" fill="#2e1065" />
      <rect x="124" y="124" width="212" height="132" rx="6" fill="#ffffff" />
      <rect x="80" y="270" width="300" height="18" rx="9" fill="#5b21b6" />
      {/* task list on screen */}
      {[0, 1, 2, 3].map((row) => (
        <g key={row} transform={`translate(140 ${142 + row * 28})`}>
          <rect width="16" height="16" rx="4" fill={row < 3 ? "#7c3aed" : "#ddd6fe"} />
          {row < 3 ? (
            <path
              d="m4 8 3 3 5-6"
              fill="none"
              stroke="#fff"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          ) : null}
          <rect
            x="26"
            y="3"
            width={row % 2 ? 120 : 150}
            height="10"
            rx="5"
            fill={row < 3 ? "#c4b5fd" : "#e5e7eb"}
          />
        </g>
      ))}
      {/* calendar card */}
      <g transform="translate(330 150)">
        <rect width="110" height="104" rx="14" fill="#ffffff" stroke="#ddd6fe" strokeWidth="2" />
        <rect width="110" height="28" rx="14" fill="#6d28d9" />
        <rect y="14" width="110" height="14" fill="#6d28d9" />
        {[0, 1, 2].map((row) =>
          [0, 1, 2, 3].map((column) => (
            <rect
              key={`${row}-${column}`}
              x={14 + column * 22}
              y={40 + row * 20}
              width="14"
              height="12"
              rx="3"
              fill={row === 1 && column === 2 ? "#f59e0b" : "#ede9fe"}
            />
          )),
        )}
      </g>
      {/* chat bubble */}
      <g transform="translate(40 60)">
        <path
          d="M0 16a16 16 0 0 1 16-16h118a16 16 0 0 1 16 16v38a16 16 0 0 1-16 16H40l-20 18V70h-4A16 16 0 0 1 0 54Z"
          fill="#ffffff"
          stroke="#ddd6fe"
          strokeWidth="2"
        />
        <rect x="18" y="20" width="100" height="9" rx="4.5" fill="#8b5cf6" />
        <rect x="18" y="38" width="72" height="9" rx="4.5" fill="#c4b5fd" />
      </g>
      {/* plant */}
      <g transform="translate(40 210)">
        <rect x="10" y="44" width="36" height="34" rx="6" fill="#f59e0b" />
        <path
          d="M28 44c0-20-16-30-24-30 2 14 10 26 24 30Zm0 0c0-24 12-38 22-40 0 18-8 34-22 40Z"
          fill="#7c3aed"
        />
      </g>
    </svg>
  );
}
