import { useCallback, useEffect, useRef, useState } from "react";
// Vite builds the worklet as a file of its own and gives its URL (addModule loads it by URL).
import recorderWorkletUrl from "./recorder-worklet?worker&url";
import { RECORDER_PROCESSOR, type RecorderMessage, SILENCE_RULES } from "./wav-recording";

/** Whether this browser can record for the chat: a microphone API and AudioWorklet. */
export function browserCanRecord(): boolean {
  return typeof navigator.mediaDevices?.getUserMedia === "function" && typeof AudioWorkletNode === "function";
}

/** Why recording could not start, in words for the status line under the conversation. */
function microphoneProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError")
    return "The microphone is blocked. Allow it in your browser to speak to the assistant, or type your message.";
  if (name === "NotFoundError" || name === "OverconstrainedError")
    return "No microphone was found. Connect one to speak to the assistant, or type your message.";
  if (name === "NotReadableError")
    return "The microphone is in use by another program. Close it and try again, or type your message.";
  return "Voice input is not available right now. Please type your message.";
}

const NOTHING_HEARD = "I didn't hear anything. Try again, or type your message.";
/** The worklet stops by the audio's own clock; this one catches an audio graph that stalled. */
const SAFETY_STOP_MS = SILENCE_RULES.maxMs + 2000;
/** How long the worklet may take to hand over the recording once asked to stop. */
const HAND_OVER_MS = 3000;

interface Recording {
  /** Ask for what was recorded so far (the visitor pressed stop). */
  stop(): void;
  /** Throw it away (the panel closed, the conversation started over). */
  cancel(): void;
}

/**
 * The chat's recorder: the microphone through an AudioWorklet (./recorder-worklet.ts) that stops
 * by itself after the visitor has finished speaking, and hands `onRecorded` a 16 kHz mono WAV.
 * `level` (0..1) feeds the meter while recording; `problem` says why nothing was recorded.
 */
export function useVoiceRecorder(onRecorded: (wav: Blob) => void) {
  const [phase, setPhase] = useState<"idle" | "starting" | "recording">("idle");
  const [level, setLevel] = useState(0);
  const [problem, setProblem] = useState("");
  const current = useRef<Recording | null>(null);
  const onRecordedRef = useRef(onRecorded);
  onRecordedRef.current = onRecorded;

  const cancel = useCallback(() => current.current?.cancel(), []);
  useEffect(() => cancel, [cancel]);

  const start = useCallback(async () => {
    if (current.current) return;
    let cancelled = false;
    let stream: MediaStream | undefined;
    let context: AudioContext | undefined;
    /** Frees the microphone and the audio graph; grows as they are made. */
    let release = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
      void context?.close().catch(() => undefined);
    };
    const end = () => {
      cancelled = true;
      release();
      if (current.current !== recording) return;
      current.current = null;
      setPhase("idle");
      setLevel(0);
    };
    // Until the worklet runs, stopping and cancelling both just let go.
    const recording: Recording = { stop: end, cancel: end };
    current.current = recording;
    setProblem("");
    setPhase("starting");

    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      if (cancelled) return release();
      context = new AudioContext();
      await context.audioWorklet.addModule(recorderWorkletUrl);
      await context.resume();
    } catch (error) {
      if (!cancelled) setProblem(microphoneProblem(error));
      end();
      return;
    }
    if (cancelled) return release();

    const source = context.createMediaStreamSource(stream);
    // Its output is silence; joined to the speakers, the browser keeps pulling audio through it.
    const node = new AudioWorkletNode(context, RECORDER_PROCESSOR, {
      numberOfOutputs: 1,
      outputChannelCount: [1],
    });
    source.connect(node).connect(context.destination);
    let handOver: ReturnType<typeof setTimeout> | undefined;
    const askForRecording = () => {
      if (handOver !== undefined) return;
      node.port.postMessage({ type: "stop" });
      handOver = setTimeout(() => {
        setProblem("Voice input is not available right now. Please type your message.");
        end();
      }, HAND_OVER_MS);
    };
    const safetyStop = setTimeout(askForRecording, SAFETY_STOP_MS);
    const releaseMicrophone = release;
    release = () => {
      clearTimeout(safetyStop);
      clearTimeout(handOver);
      node.port.onmessage = null;
      source.disconnect();
      node.disconnect();
      releaseMicrophone();
    };
    recording.stop = askForRecording;
    node.port.onmessage = (event: MessageEvent<RecorderMessage>) => {
      const message = event.data;
      if (message.type === "level") {
        setLevel(message.peak);
        return;
      }
      end();
      if (message.wav) onRecordedRef.current(new Blob([message.wav], { type: "audio/wav" }));
      else setProblem(NOTHING_HEARD);
    };
    setPhase("recording");
  }, []);

  const stop = useCallback(() => current.current?.stop(), []);

  return { recording: phase !== "idle", starting: phase === "starting", level, problem, start, stop, cancel };
}
