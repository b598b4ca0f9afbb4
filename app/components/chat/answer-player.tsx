import { FastForward, Pause, Play, Repeat, Rewind, Volume1, Volume2, VolumeX } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import {
  LISTEN_EVERY_MS,
  type PlayerAction,
  PROGRESS_EVERY_MS,
  playerActionForKey,
  progressText,
  SEEK_STEP_MS,
  seekTarget,
  steppedVolume,
  VOLUME_STEP,
} from "./answer-player-rules";

function PlayerButton({
  label,
  pressed,
  onPress,
  children,
}: {
  label: string;
  pressed?: boolean;
  onPress(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onPress}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50 ${
        pressed ? "bg-brand-100" : ""
      }`}
    >
      {children}
      <span className="sr-only">{label}</span>
    </button>
  );
}

/**
 * The assistant's spoken answer: an audio element with the seed's controls, each a button, and
 * its keys while the player has the focus (./answer-player-rules.ts). It plays by itself when
 * `autoPlay` and the browser allow it; otherwise the visitor presses play.
 */
export function AnswerPlayer({ audio, autoPlay }: { audio: Blob; autoPlay: boolean }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(Number.NaN);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [loop, setLoop] = useState(false);

  // The answer's own URL, given back when another answer replaces it or the player goes.
  useEffect(() => {
    const element = audioRef.current;
    if (!element) return;
    const url = URL.createObjectURL(audio);
    element.src = url;
    setPosition(0);
    setDuration(Number.NaN);
    // A browser that wants a press first refuses quietly; the play button is there.
    if (autoPlay) element.play().catch(() => undefined);
    return () => {
      element.pause();
      element.removeAttribute("src");
      element.load();
      URL.revokeObjectURL(url);
    };
  }, [audio, autoPlay]);

  // The progress moves every 20 ms while playing, and not at all while paused.
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setPosition(audioRef.current?.currentTime ?? 0), PROGRESS_EVERY_MS);
    return () => clearInterval(timer);
  }, [playing]);

  // Each second, the state catches up with playback that ended or stalled without an event we heard.
  useEffect(() => {
    const timer = setInterval(() => {
      const element = audioRef.current;
      if (!element) return;
      setPlaying(!element.paused && !element.ended);
      setPosition(element.currentTime);
      setDuration(element.duration);
    }, LISTEN_EVERY_MS);
    return () => clearInterval(timer);
  }, []);

  const act = useCallback((action: PlayerAction) => {
    const element = audioRef.current;
    if (!element) return;
    const seek = (deltaMs: number) => {
      element.currentTime = seekTarget(element.currentTime, deltaMs, element.duration);
      setPosition(element.currentTime);
    };
    const changeVolume = (delta: number) => {
      element.volume = steppedVolume(element.volume, delta);
      if (element.volume > 0) element.muted = false;
    };
    switch (action) {
      case "toggle-play":
        if (element.paused || element.ended) element.play().catch(() => setPlaying(false));
        else element.pause();
        break;
      case "seek-back":
        return seek(-SEEK_STEP_MS);
      case "seek-forward":
        return seek(SEEK_STEP_MS);
      case "volume-up":
        return changeVolume(VOLUME_STEP);
      case "volume-down":
        return changeVolume(-VOLUME_STEP);
      case "toggle-mute":
        element.muted = !element.muted;
        break;
      case "toggle-loop":
        element.loop = !element.loop;
        setLoop(element.loop);
        break;
    }
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLFieldSetElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = playerActionForKey(event.key);
    if (!action) return;
    // Space and Enter on one of the buttons press that button, as everywhere else.
    if (event.target !== event.currentTarget && action === "toggle-play") return;
    event.preventDefault();
    act(action);
  };

  const VolumeIcon = muted || volume === 0 ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return (
    // A fieldset is a group (role="group") by nature and, unlike a div given that role, may take the
    // focus without axe's focus-order-semantics rule objecting.
    <fieldset
      aria-label="Spoken answer"
      aria-describedby="answer-player-keys"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the seed's player takes its keys while it has the focus
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="min-w-0 border-gray-200 border-t bg-white px-3 pt-2 pb-1 focus-visible:-outline-offset-2"
    >
      {/* biome-ignore lint/a11y/useMediaCaption: the answer's words are in the conversation above */}
      <audio
        ref={audioRef}
        preload="auto"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
        onDurationChange={(event) => setDuration(event.currentTarget.duration)}
        onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
        onVolumeChange={(event) => {
          setVolume(event.currentTarget.volume);
          setMuted(event.currentTarget.muted);
        }}
      />
      <div className="flex items-center gap-3 text-sm">
        <span className="font-medium text-ink">Spoken answer</span>
        <span className="ml-auto text-muted tabular-nums" data-testid="answer-volume">
          Volume {Math.round(volume * 100)}%
        </span>
        <span className="text-muted tabular-nums" data-testid="answer-progress">
          {progressText(position, duration)}
        </span>
      </div>
      <p id="answer-player-keys" className="sr-only">
        Keys: space plays or pauses, left and right arrows move 5 seconds, up and down arrows change the
        volume, L loops, M mutes.
      </p>
      {/* Seven 44 px buttons fit a 360 px screen in one row. */}
      <div className="flex flex-wrap items-center justify-between">
        <PlayerButton label="Play" pressed={playing} onPress={() => act("toggle-play")}>
          {playing ? (
            <Pause aria-hidden="true" className="size-5" />
          ) : (
            <Play aria-hidden="true" className="size-5" />
          )}
        </PlayerButton>
        <PlayerButton label="Back 5 seconds" onPress={() => act("seek-back")}>
          <Rewind aria-hidden="true" className="size-5" />
        </PlayerButton>
        <PlayerButton label="Forward 5 seconds" onPress={() => act("seek-forward")}>
          <FastForward aria-hidden="true" className="size-5" />
        </PlayerButton>
        <PlayerButton label="Volume down" onPress={() => act("volume-down")}>
          <span aria-hidden="true" className="font-bold text-lg leading-none">
            −
          </span>
        </PlayerButton>
        <PlayerButton label="Volume up" onPress={() => act("volume-up")}>
          <span aria-hidden="true" className="font-bold text-lg leading-none">
            +
          </span>
        </PlayerButton>
        <PlayerButton label="Mute" pressed={muted} onPress={() => act("toggle-mute")}>
          <VolumeIcon aria-hidden="true" className="size-5" />
        </PlayerButton>
        <PlayerButton label="Loop" pressed={loop} onPress={() => act("toggle-loop")}>
          <Repeat aria-hidden="true" className="size-5" />
        </PlayerButton>
      </div>
    </fieldset>
  );
}
