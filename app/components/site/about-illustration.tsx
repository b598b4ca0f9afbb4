import { A, INK, L, OUTLINE, P, S, V, W, X } from "./illustration-palette";

/**
 * The About page's picture: a client's card and an assistant's card joined by a coordinator's
 * match (the check), over a shield for the care taken with their data. Same stage, palette and
 * strokes as the home page's hero (brand purples, one amber accent). Decorative.
 */

function ProfileCard({ x, children }: { x: number; children: React.ReactNode }) {
  return (
    <g transform={`translate(${x} 112)`}>
      <rect width="150" height="172" rx="16" fill={W} stroke={OUTLINE} strokeWidth="2" />
      <circle cx="75" cy="52" r="30" fill={X} />
      {children}
      <rect x="30" y="100" width="90" height="9" rx="4.5" fill={V} />
      <rect x="44" y="118" width="62" height="7" rx="3.5" fill={L} />
      <rect x="24" y="142" width="102" height="14" rx="7" fill={S} />
    </g>
  );
}

export function AboutIllustration({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 480 380"
      width="480"
      height="380"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="240" cy="196" r="170" fill={X} />
      <circle cx="78" cy="74" r="24" fill="#fcd34d" opacity="0.6" />
      <circle cx="418" cy="326" r="14" fill={L} opacity="0.8" />
      {/* the client: a briefcase */}
      <ProfileCard x={34}>
        <path d="M68 43v-4a4 4 0 0 1 4-4h6a4 4 0 0 1 4 4v4" fill="none" stroke={P} strokeWidth="3" />
        <rect x="58" y="43" width="34" height="24" rx="4" fill={P} />
        <rect x="58" y="52" width="34" height="3" fill={V} />
      </ProfileCard>
      {/* the assistant: a person, with five stars */}
      <ProfileCard x={296}>
        <circle cx="75" cy="44" r="10" fill={P} />
        <path d="M56 70a19 15 0 0 1 38 0Z" fill={P} />
      </ProfileCard>
      {[0, 1, 2, 3, 4].map((star) => (
        <circle key={star} cx={343 + star * 14} cy="261" r="4" fill={A} />
      ))}
      {/* the match */}
      <path
        d="M184 198c26 0 26-42 56-42s30 42 56 42"
        fill="none"
        stroke={V}
        strokeWidth="3"
        strokeDasharray="1 9"
        strokeLinecap="round"
      />
      <circle cx="240" cy="150" r="32" fill={P} stroke={W} strokeWidth="5" />
      <path
        d="m227 150 9 9 17-18"
        fill="none"
        stroke={W}
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {/* a note from the coordinator */}
      <g transform="translate(178 36)">
        <path
          d="M0 14A14 14 0 0 1 14 0h96a14 14 0 0 1 14 14v26a14 14 0 0 1-14 14H70l-14 14V54H14A14 14 0 0 1 0 40Z"
          fill={W}
          stroke={OUTLINE}
          strokeWidth="2"
        />
        <rect x="16" y="16" width="78" height="8" rx="4" fill={V} />
        <rect x="16" y="31" width="52" height="8" rx="4" fill={L} />
      </g>
      {/* the shield and its lock */}
      <g transform="translate(206 232)">
        <path
          d="M34 0 68 13v29c0 24-15 40-34 49C15 82 0 66 0 42V13Z"
          fill={W}
          stroke={OUTLINE}
          strokeWidth="2"
        />
        <path d="M34 10 58 19v23c0 18-11 30-24 37-13-7-24-19-24-37V19Z" fill={INK} />
        <path d="M27 42v-6a7 7 0 0 1 14 0v6" fill="none" stroke={A} strokeWidth="3" />
        <rect x="23" y="42" width="22" height="17" rx="3" fill={A} />
      </g>
    </svg>
  );
}
