import { useCallback, useEffect, useRef, useState } from "react";

interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  abort(): void;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}
type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

function speechRecognition(): SpeechRecognitionConstructor | undefined {
  const scope = window as unknown as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/** Lex names a locale `en_US`; the browser's speech wants `en-US`. */
function languageTag(localeId: string): string {
  return localeId.replace("_", "-");
}

/**
 * The chat's voice: the visitor's words heard through the browser's speech recognition, and
 * replies read aloud by its speech synthesis. Each is offered only where the browser has it.
 */
export function useSpeech(localeId: string, onHeard: (transcript: string) => void) {
  const [listening, setListening] = useState(false);
  const [voiceProblem, setVoiceProblem] = useState("");
  const [canListen, setCanListen] = useState(false);
  const [canSpeak, setCanSpeak] = useState(false);
  const recognitionRef = useRef<SpeechRecognitionLike | null>(null);

  useEffect(() => {
    setCanListen(Boolean(speechRecognition()));
    setCanSpeak("speechSynthesis" in window && typeof SpeechSynthesisUtterance === "function");
    return () => {
      recognitionRef.current?.abort();
      if ("speechSynthesis" in window) window.speechSynthesis.cancel();
    };
  }, []);

  const stopListening = useCallback(() => recognitionRef.current?.abort(), []);

  const stopSpeaking = useCallback(() => {
    if ("speechSynthesis" in window) window.speechSynthesis.cancel();
  }, []);

  /** Reads the text aloud, cutting off whatever is still being read. */
  const speak = useCallback(
    (text: string) => {
      if (!text || !("speechSynthesis" in window)) return;
      window.speechSynthesis.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = languageTag(localeId);
      window.speechSynthesis.speak(utterance);
    },
    [localeId],
  );

  /** Starts listening for one utterance, or stops when already listening. */
  const listen = () => {
    const Recognition = speechRecognition();
    if (!Recognition) return;
    if (listening) {
      recognitionRef.current?.abort();
      return;
    }
    const recognition = new Recognition();
    recognition.lang = languageTag(localeId);
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.onresult = (event) => {
      const transcript = event.results[0]?.[0]?.transcript?.trim();
      if (transcript) onHeard(transcript);
    };
    recognition.onerror = (event) => {
      setVoiceProblem(
        event.error === "not-allowed" || event.error === "service-not-allowed"
          ? "The microphone is blocked. Allow it in your browser to speak to the assistant."
          : event.error === "no-speech"
            ? "I didn't hear anything. Try again, or type your message."
            : "Voice input is not available right now. Please type your message.",
      );
    };
    recognition.onend = () => setListening(false);
    recognitionRef.current = recognition;
    setVoiceProblem("");
    setListening(true);
    try {
      recognition.start();
    } catch {
      setListening(false);
    }
  };

  return { canListen, canSpeak, listening, voiceProblem, listen, stopListening, speak, stopSpeaking };
}
