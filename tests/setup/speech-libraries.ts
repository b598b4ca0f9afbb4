import {
  openSpeechLibraries,
  SPEECH_INSTALL_COMMAND,
  type SpeechLibraries,
} from "~/infra/speech/native-libraries.server";

/** The speech packages' libraries; a test fails (never skips) with what to install when they are missing. */
export function requireSpeechLibraries(): SpeechLibraries {
  const opened = openSpeechLibraries();
  if (!opened.ok) {
    throw new Error(
      `The speech packages are missing (${opened.missing}). Install them: ${SPEECH_INSTALL_COMMAND}`,
    );
  }
  return opened.libraries;
}
