/**
 * The chat recorder's AudioWorklet processor, run on the browser's audio thread: it keeps the
 * microphone's samples (downmixed to mono), reports their level to the page about twenty times a
 * second, stops by itself by the seed's silence rule, and hands the page a 16 kHz mono WAV.
 * Built as a file of its own (imported with `?worker&url` by ./use-voice-recorder.ts), because
 * `audioWorklet.addModule` loads a module by URL.
 */
import {
  concatenate,
  downmix,
  encodeWav,
  INITIAL_SILENCE_STATE,
  nextSilenceState,
  peakOf,
  RECORDER_PROCESSOR,
  type RecorderMessage,
  resample,
  SILENCE_RULES,
  type SilenceState,
  type StopReason,
  TARGET_SAMPLE_RATE,
} from "./wav-recording";

// What the AudioWorkletGlobalScope provides; TypeScript's DOM library does not describe it.
declare const sampleRate: number;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

/** How often the level meter moves. */
const LEVEL_EVERY_MS = 50;

class ChatRecorderProcessor extends AudioWorkletProcessor {
  private blocks: Float32Array[] = [];
  private frames = 0;
  private state: SilenceState = INITIAL_SILENCE_STATE;
  private loudest = 0;
  private lastLevelAt = 0;
  private finished = false;

  constructor() {
    super();
    // The visitor pressed stop: what was said so far is sent.
    this.port.onmessage = (event: MessageEvent<{ type: "stop" }>) => {
      if (event.data.type === "stop") this.finish("stopped");
    };
  }

  process(inputs: Float32Array[][]): boolean {
    if (this.finished) return false;
    const channels = inputs[0];
    // No input connected yet (or the track ended): nothing to keep, but stay alive.
    if (!channels || channels.length === 0) return true;
    const mono = downmix(channels);
    this.blocks.push(mono);
    this.frames += mono.length;
    const atMs = (this.frames / sampleRate) * 1000;
    const peak = peakOf(mono);
    this.loudest = Math.max(this.loudest, peak);
    if (atMs - this.lastLevelAt >= LEVEL_EVERY_MS) {
      this.post({ type: "level", peak: this.loudest });
      this.loudest = 0;
      this.lastLevelAt = atMs;
    }
    this.state = nextSilenceState(this.state, peak, atMs);
    if (this.state.phase === "stopped") this.finish(this.state.reason);
    return !this.finished;
  }

  private finish(reason: StopReason | "stopped") {
    if (this.finished) return;
    this.finished = true;
    // Nobody spoke: nothing worth sending.
    if (reason === "no-speech") {
      this.post({ type: "done", reason, wav: null });
      return;
    }
    const heard = concatenate(this.blocks);
    this.blocks = [];
    const limit = Math.floor((SILENCE_RULES.maxMs / 1000) * sampleRate);
    const samples = resample(heard.subarray(0, limit), sampleRate, TARGET_SAMPLE_RATE);
    const wav = encodeWav(samples, TARGET_SAMPLE_RATE);
    this.port.postMessage({ type: "done", reason, wav } satisfies RecorderMessage, [wav]);
  }

  private post(message: RecorderMessage) {
    this.port.postMessage(message);
  }
}

registerProcessor(RECORDER_PROCESSOR, ChatRecorderProcessor);
