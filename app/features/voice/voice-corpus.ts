/**
 * What the recognizer should expect to hear: every sentence the assistant is trained on, and the
 * names and times visitors answer its questions with (consultants, specialities, plans, days,
 * hours). The language model and the dictionary are built from these sentences alone.
 */
import { demoConsultants } from "@db/demo-consultants";
import { businessTypes, industries } from "~/content/lists";
import { plans } from "~/content/plans";
import { services } from "~/content/services";
import { specialities } from "~/content/specialities";
import { trainingExamples } from "~/features/bot/catalog";
import { numberInWords, ordinalInWords, spokenWords } from "./spoken-words";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];
const ANSWERS = [
  "yes",
  "yes please",
  "no",
  "no thanks",
  "that's right",
  "correct",
  "cancel",
  "stop",
  "start over",
  "go back",
  "skip",
  "none",
  "not sure",
];

/** The hours a visitor may name: the booking grid's half hours, said as people say them. */
function spokenTimes(): string[] {
  const times: string[] = ["noon", "midday", "in the morning", "in the afternoon", "in the evening"];
  for (let hour = 1; hour <= 12; hour++) {
    const said = numberInWords(hour);
    times.push(`${said} o'clock`, `${said} a m`, `${said} p m`, `${said} thirty`, `${said} thirty p m`);
  }
  return times;
}

function namesAndAnswers(consultantNames: readonly string[]): string[] {
  const sentences: string[] = [...ANSWERS];
  for (const name of consultantNames) {
    const [first] = name.split(" ");
    sentences.push(
      name,
      `book with ${name}`,
      `is ${name} available`,
      `when is ${first} free`,
      `tell me about ${name}`,
    );
  }
  for (const speciality of specialities) {
    sentences.push(`I need a ${speciality.name}`, `show me ${speciality.name}`);
  }
  for (const service of services) sentences.push(`I'm interested in ${service.title}`);
  for (const plan of plans) sentences.push(`the ${plan.name} plan`, plan.name);
  for (const type of [...businessTypes, ...industries]) sentences.push(type, `we are in ${type}`);
  const times = spokenTimes();
  for (const day of [...DAYS, "today", "tomorrow"]) {
    sentences.push(day, `next ${day}`, `on ${day}`);
    for (const time of times) sentences.push(`${day} at ${time}`);
  }
  for (const month of MONTHS) {
    for (let date = 1; date <= 31; date += 1)
      sentences.push(`${month} ${ordinalInWords(date)}`, `the ${ordinalInWords(date)}`);
  }
  return sentences;
}

/**
 * The sentences as word lists, in a fixed order (the model is the same for the same content). The
 * consultants are the seeded ones and any others staff added (the names the database holds at start).
 */
export function voiceCorpus(moreConsultantNames: readonly string[] = []): string[][] {
  const names = [
    ...new Set([...demoConsultants.map((consultant) => consultant.name), ...moreConsultantNames]),
  ].sort();
  const texts = [...trainingExamples().map((example) => example.text), ...namesAndAnswers(names)];
  return texts.map(spokenWords).filter((words) => words.length > 0);
}
