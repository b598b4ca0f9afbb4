/**
 * Where an utterance starts and ends in live audio (StartConversation): speech is a run of loud
 * frames, and it has ended after a stretch of quiet. Frames of 10 ms at 16 kHz.
 */

const FRAME_SAMPLES = 160;
/** About -36 dBFS: well above a quiet room, well below speech near a microphone. */
const LOUD_FRAME_LEVEL = 500;
/** Loud frames in a row that make speech (a click or a bump is shorter). */
const FRAMES_TO_START = 8;
/** Quiet frames after speech that end the utterance. */
const FRAMES_TO_END = 100;

export interface Endpoint {
  /** The visitor is speaking (speech started and has not ended). */
  speaking: boolean;
  /** Speech started and has since ended: the utterance is complete. */
  finished: boolean;
}

export interface Endpointer {
  listen(samples: Int16Array): Endpoint;
}

export function createEndpointer(): Endpointer {
  let started = false;
  let finished = false;
  let loudRun = 0;
  let quietRun = 0;
  let partial: number[] = [];

  function frame(samples: ArrayLike<number>): void {
    let energy = 0;
    for (let index = 0; index < samples.length; index++) energy += (samples[index] ?? 0) ** 2;
    const loud = Math.sqrt(energy / samples.length) > LOUD_FRAME_LEVEL;
    if (!started) {
      loudRun = loud ? loudRun + 1 : 0;
      if (loudRun >= FRAMES_TO_START) started = true;
      return;
    }
    quietRun = loud ? 0 : quietRun + 1;
    if (quietRun >= FRAMES_TO_END) finished = true;
  }

  return {
    listen(samples) {
      if (!finished) {
        let offset = 0;
        if (partial.length > 0) {
          const needed = FRAME_SAMPLES - partial.length;
          partial.push(...samples.subarray(0, needed));
          offset = needed;
          if (partial.length === FRAME_SAMPLES) {
            frame(partial);
            partial = [];
          }
        }
        for (; offset + FRAME_SAMPLES <= samples.length && !finished; offset += FRAME_SAMPLES) {
          frame(samples.subarray(offset, offset + FRAME_SAMPLES));
        }
        if (offset < samples.length && !finished) partial.push(...samples.subarray(offset));
      }
      return { speaking: started && !finished, finished };
    },
  };
}
