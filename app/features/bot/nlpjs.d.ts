// The parts of NLP.js (plain JavaScript, no types of its own) that the assistant's classifier uses.
declare module "@nlpjs/core" {
  export interface Container {
    use(plugin: unknown): void;
  }
  export function containerBootstrap(): Promise<Container>;
}

declare module "@nlpjs/lang-en-min" {
  export const LangEn: unknown;
}

declare module "@nlpjs/nlu" {
  import type { Container } from "@nlpjs/core";

  export interface NluSettings {
    locale: string;
    /** Unknown words push towards the None intent. */
    useNoneFeature?: boolean;
    /** Corrects words one edit away from a word the classifier was trained on. */
    spellCheck?: boolean;
    log?: boolean;
  }

  export class NluNeural {
    constructor(settings: NluSettings, container: Container);
    train(corpus: Array<{ utterance: string; intent: string }>): Promise<unknown>;
    process(utterance: string): Promise<{ classifications: Array<{ intent: string; score: number }> }>;
    /** The trained weights and settings as plain JSON. */
    toJSON(): unknown;
    fromJSON(json: unknown): void;
  }
}
