import { demoConsultants } from "@db/demo-consultants";
import { describe, expect, it } from "vitest";
import { services } from "~/content/services";
import { specialities } from "~/content/specialities";
import { trainingExamples } from "~/features/bot/catalog";
import { spokenWords } from "./spoken-words";
import { voiceCorpus } from "./voice-corpus";

describe("voiceCorpus", () => {
  const corpus = voiceCorpus();
  const words = new Set(corpus.flat());
  const sentences = new Set(corpus.map((sentence) => sentence.join(" ")));

  /** The words of `text` the corpus lacks. */
  const missing = (text: string) => spokenWords(text).filter((word) => !words.has(word));

  it("holds every word of every consultant's name", () => {
    expect(demoConsultants.length).toBeGreaterThan(0);
    for (const consultant of demoConsultants) expect(missing(consultant.name), consultant.name).toEqual([]);
  });

  it("holds every word of every service's title", () => {
    expect(services.length).toBeGreaterThan(0);
    for (const service of services) expect(missing(service.title), service.title).toEqual([]);
  });

  it("holds every word of every part of a service (what a visitor may ask for by name)", () => {
    for (const service of services) {
      for (const part of service.subServices) expect(missing(part.title), part.title).toEqual([]);
    }
  });

  it("holds every word of every speciality", () => {
    for (const speciality of specialities) expect(missing(speciality.name), speciality.name).toEqual([]);
  });

  it("holds each consultant's whole name as a sentence, as a visitor answers 'with whom?'", () => {
    for (const consultant of demoConsultants) {
      expect(sentences.has(spokenWords(consultant.name).join(" ")), consultant.name).toBe(true);
    }
  });

  it("holds every sentence the assistant is trained on, as the recognizer would hear it", () => {
    const examples = trainingExamples();
    expect(examples.length).toBeGreaterThan(0);
    const absent = examples
      .map((example) => spokenWords(example.text))
      .filter((spoken) => spoken.length > 0 && !sentences.has(spoken.join(" ")));
    expect(absent).toEqual([]);
  });

  it("holds only recognizer words: lower case letters and apostrophes, no empty sentences", () => {
    for (const sentence of corpus) {
      expect(sentence.length).toBeGreaterThan(0);
      for (const word of sentence) expect(word).toMatch(/^[a-z]+(?:'[a-z]+)*$/);
    }
  });

  it("is the same list each time (the model is built from it)", () => {
    expect(voiceCorpus()).toEqual(corpus);
  });
});
