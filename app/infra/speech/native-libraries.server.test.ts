import { describe, expect, it } from "vitest";
import { openSpeechLibraries, SPEECH_INSTALL_COMMAND } from "./native-libraries.server";

describe("openSpeechLibraries", () => {
  it("opens the installed speech packages' libraries", () => {
    const opened = openSpeechLibraries();
    if (!opened.ok) {
      throw new Error(
        `The speech packages are missing (${opened.missing}). Install them: ${SPEECH_INSTALL_COMMAND}`,
      );
    }
    expect(Object.keys(opened.libraries).sort()).toEqual(["encoder", "recognizer", "synthesizer"]);
    expect(openSpeechLibraries()).toBe(opened);
  });

  it("names the library a machine lacks instead of failing", () => {
    const opened = openSpeechLibraries({ sphinxbase: "libsphinxbase-not-installed.so.3" });
    expect(opened).toEqual({ ok: false, missing: "libsphinxbase-not-installed.so.3 is not installed" });
  });

  it("names the encoder when only LAME is missing", () => {
    const opened = openSpeechLibraries({ lame: "libmp3lame-not-installed.so.0" });
    expect(opened.ok).toBe(false);
    expect(opened.ok ? "" : opened.missing).toContain("libmp3lame-not-installed.so.0");
  });

  it("tells what to install, naming every library package", () => {
    for (const name of ["pocketsphinx-en-us", "libpocketsphinx3", "flite", "libmp3lame0"]) {
      expect(SPEECH_INSTALL_COMMAND).toContain(name);
    }
  });
});
