/**
 * The spoken answer's player, its rules as the seed gives them (DESIGN.md §4, Voice): keys, steps,
 * bounds and timings, kept apart from the component (./answer-player.tsx) so they are tested alone.
 */

/** ←/→ move this far. */
export const SEEK_STEP_MS = 5000;
/** ↑/↓ and the volume buttons change the volume this much. */
export const VOLUME_STEP = 0.1;
/** How often the progress moves while playing. */
export const PROGRESS_EVERY_MS = 20;
/** The seed's "listen interval": how often the player checks whether playback ended or stalled. */
export const LISTEN_EVERY_MS = 1000;

export type PlayerAction =
  | "toggle-play"
  | "seek-back"
  | "seek-forward"
  | "volume-up"
  | "volume-down"
  | "toggle-loop"
  | "toggle-mute";

const KEYS: Record<string, PlayerAction> = {
  " ": "toggle-play",
  Spacebar: "toggle-play",
  ArrowLeft: "seek-back",
  ArrowRight: "seek-forward",
  ArrowUp: "volume-up",
  ArrowDown: "volume-down",
  l: "toggle-loop",
  L: "toggle-loop",
  m: "toggle-mute",
  M: "toggle-mute",
};

/** What a key does while the player has the focus, or undefined when it is not the player's. */
export function playerActionForKey(key: string): PlayerAction | undefined {
  return Object.hasOwn(KEYS, key) ? KEYS[key] : undefined;
}

/** A time as `m:ss`, or `--:--` while it is not known (before the audio's metadata). */
export function clockText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "--:--";
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** The progress the player shows: `--:--` until the duration is known, then `m:ss / m:ss`. */
export function progressText(currentSeconds: number, durationSeconds: number): string {
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) return "--:--";
  return `${clockText(Math.min(currentSeconds, durationSeconds))} / ${clockText(durationSeconds)}`;
}

/** Where a seek by `deltaMs` lands, kept within 0..duration (only above 0 while it is unknown). */
export function seekTarget(currentSeconds: number, deltaMs: number, durationSeconds: number): number {
  const target = Math.max(0, currentSeconds + deltaMs / 1000);
  return Number.isFinite(durationSeconds) && durationSeconds > 0 ? Math.min(durationSeconds, target) : target;
}

/** The volume after a step, kept within 0..1 and to tenths (0.1 + 0.2 is 0.3, not 0.30000000000000004). */
export function steppedVolume(volume: number, delta: number): number {
  return Math.min(1, Math.max(0, Math.round((volume + delta) * 10) / 10));
}
