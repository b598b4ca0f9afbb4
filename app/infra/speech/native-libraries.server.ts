/**
 * The speech packages' shared libraries, opened in-process through koffi: pocketsphinx (speech to
 * text), flite (text to speech) and LAME (MP3). They come from Debian's packages, so a machine
 * without them still runs the site; `openSpeechLibraries` then names what to install.
 */
import { existsSync } from "node:fs";
import koffi, { type LibraryHandle, type TypeObject } from "koffi";

/** The one command that adds voice to a Debian machine (README, "Voice"). */
export const SPEECH_INSTALL_COMMAND =
  "apt-get install -y pocketsphinx-en-us libpocketsphinx3 flite libmp3lame0";

/** Where pocketsphinx-en-us puts the US English acoustic model and pronouncing dictionary. */
export const ACOUSTIC_MODEL_DIRECTORY = "/usr/share/pocketsphinx/model/en-us/en-us";
export const PRONOUNCING_DICTIONARY = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict";

/** A function of a shared library, callable here or (its `async` form) on libuv's thread pool. */
export type NativeFunction = ReturnType<LibraryHandle["func"]>;

export interface RecognizerLibrary {
  pocketsphinxArguments: NativeFunction;
  commandLineInit: NativeFunction;
  commandLineFree: NativeFunction;
  decoderInit: NativeFunction;
  decoderFree: NativeFunction;
  startUtterance: NativeFunction;
  processRaw: NativeFunction;
  endUtterance: NativeFunction;
  hypothesis: NativeFunction;
  posterior: NativeFunction;
  logMath: NativeFunction;
  logMathExp: NativeFunction;
}

export interface SynthesizerLibrary {
  textToWave: NativeFunction;
  deleteWave: NativeFunction;
  /** The voice, registered once. */
  voice: unknown;
  /**
   * The voice's library, held for the life of the process: the voice lives in its memory, and koffi
   * unloads a library whose handle is collected (flite then reads freed memory and crashes).
   */
  voiceLibrary: LibraryHandle;
  waveType: TypeObject;
}

export interface EncoderLibrary {
  init: NativeFunction;
  setInputRate: NativeFunction;
  setOutputRate: NativeFunction;
  setChannels: NativeFunction;
  setMode: NativeFunction;
  setBitRate: NativeFunction;
  setQuality: NativeFunction;
  initParams: NativeFunction;
  encode: NativeFunction;
  flush: NativeFunction;
  close: NativeFunction;
}

export interface SpeechLibraries {
  recognizer: RecognizerLibrary;
  synthesizer: SynthesizerLibrary;
  encoder: EncoderLibrary;
}

export type OpenedSpeechLibraries = { ok: true; libraries: SpeechLibraries } | { ok: false; missing: string };

class MissingLibraryError extends Error {}

function load(file: string): LibraryHandle {
  try {
    return koffi.load(file);
  } catch {
    throw new MissingLibraryError(`${file} is not installed`);
  }
}

/** The shared objects' names, as Debian's packages install them. */
const SPEECH_LIBRARY_FILES = {
  sphinxbase: "libsphinxbase.so.3",
  pocketsphinx: "libpocketsphinx.so.3",
  flite: "libflite.so.1",
  fliteVoice: "libflite_cmu_us_slt.so.1",
  lame: "libmp3lame.so.0",
};
type LibraryFiles = typeof SPEECH_LIBRARY_FILES;

function openRecognizer(files: LibraryFiles): RecognizerLibrary {
  const base = load(files.sphinxbase);
  const decoder = load(files.pocketsphinx);
  return {
    pocketsphinxArguments: decoder.func("void *ps_args()"),
    commandLineInit: base.func("void *cmd_ln_init(void *, void *, int, ...)"),
    commandLineFree: base.func("int cmd_ln_free_r(void *)"),
    decoderInit: decoder.func("void *ps_init(void *)"),
    decoderFree: decoder.func("int ps_free(void *)"),
    startUtterance: decoder.func("int ps_start_utt(void *)"),
    processRaw: decoder.func("int ps_process_raw(void *, const int16_t *, size_t, int, int)"),
    endUtterance: decoder.func("int ps_end_utt(void *)"),
    hypothesis: decoder.func("const char *ps_get_hyp(void *, _Out_ int32_t *)"),
    posterior: decoder.func("int32_t ps_get_prob(void *)"),
    logMath: decoder.func("void *ps_get_logmath(void *)"),
    logMathExp: base.func("double logmath_exp(void *, int)"),
  };
}

let waveStruct: TypeObject | undefined;

function openSynthesizer(files: LibraryFiles): SynthesizerLibrary {
  const flite = load(files.flite);
  // slt: a clear female US English voice, 16 kHz, about 15 ms of work per second of speech.
  const voiceLibrary = load(files.fliteVoice);
  // Declared once per process: koffi refuses a second type of the same name, which made every
  // later opening (other file names) fail with "Duplicate type name" instead of naming what is missing.
  waveStruct ??= koffi.struct("cst_wave", {
    type: "const char *",
    sample_rate: "int",
    num_samples: "int",
    num_channels: "int",
    samples: "int16_t *",
  });
  const waveType = waveStruct;
  flite.func("int flite_init()")();
  const voice = voiceLibrary.func("void *register_cmu_us_slt(const char *)")(null);
  return {
    textToWave: flite.func("flite_text_to_wave", koffi.pointer(waveType), ["const char *", "void *"]),
    deleteWave: flite.func("delete_wave", "void", [koffi.pointer(waveType)]),
    voice,
    voiceLibrary,
    waveType,
  };
}

function openEncoder(files: LibraryFiles): EncoderLibrary {
  const lame = load(files.lame);
  return {
    init: lame.func("void *lame_init()"),
    setInputRate: lame.func("int lame_set_in_samplerate(void *, int)"),
    setOutputRate: lame.func("int lame_set_out_samplerate(void *, int)"),
    setChannels: lame.func("int lame_set_num_channels(void *, int)"),
    setMode: lame.func("int lame_set_mode(void *, int)"),
    setBitRate: lame.func("int lame_set_brate(void *, int)"),
    setQuality: lame.func("int lame_set_quality(void *, int)"),
    initParams: lame.func("int lame_init_params(void *)"),
    encode: lame.func(
      "int lame_encode_buffer(void *, const int16_t *, const int16_t *, int, _Out_ uint8_t *, int)",
    ),
    flush: lame.func("int lame_encode_flush(void *, _Out_ uint8_t *, int)"),
    close: lame.func("int lame_close(void *)"),
  };
}

let opened: OpenedSpeechLibraries | undefined;

/**
 * The three libraries, opened once per process, or a sentence saying what is missing. Other file
 * names are for tests of a machine without the packages.
 */
export function openSpeechLibraries(files: Partial<LibraryFiles> = {}): OpenedSpeechLibraries {
  const usual = Object.keys(files).length === 0;
  if (usual && opened) return opened;
  const result = open({ ...SPEECH_LIBRARY_FILES, ...files });
  if (usual) opened = result;
  return result;
}

function open(files: LibraryFiles): OpenedSpeechLibraries {
  const missingFiles = [ACOUSTIC_MODEL_DIRECTORY, PRONOUNCING_DICTIONARY].filter((file) => !existsSync(file));
  if (missingFiles.length > 0) return { ok: false, missing: `${missingFiles.join(" and ")} not found` };
  try {
    return {
      ok: true,
      libraries: {
        recognizer: openRecognizer(files),
        synthesizer: openSynthesizer(files),
        encoder: openEncoder(files),
      },
    };
  } catch (error) {
    if (error instanceof MissingLibraryError) return { ok: false, missing: error.message };
    // A library of another version than the functions here were written for.
    return { ok: false, missing: `a speech library could not be used: ${(error as Error).message}` };
  }
}
