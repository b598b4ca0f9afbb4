/** Small text helpers the assistant's understanding shares: words, stems, yes and no. */

/** Words that say nothing about what a visitor wants; dropped before matching. */
const STOP_WORDS = new Set(
  (
    "a an the is are was were be been being am do does did doing i me my mine we us our you your yours " +
    "it its this that these those there here to of in on at by for from with about as into over " +
    "and or but if then so than too very just also can could would should will shall may might must " +
    "what which who whom whose when where why how any some all each every much many more most " +
    "have has had having get got let lets like want wanna need please pls tell know ask question " +
    "im ive id youre thats whats hows theres dont doesnt isnt arent cant wont"
  ).split(/\s+/),
);

/** Lower-case words of letters and digits; apostrophes dropped ("what's" → "whats"). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/['’]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * A light English stemmer: enough that "referrals", "referring" and "referral" meet, without a
 * dictionary. Short words are left alone.
 */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  const rules: Array<[RegExp, string]> = [
    [/ies$/, "y"],
    [/(ss|us|is)$/, "$1"],
    [/ing$/, ""],
    [/ed$/, ""],
    [/(ch|sh|x|z)es$/, "$1"],
    [/s$/, ""],
  ];
  for (const [pattern, replacement] of rules) {
    if (pattern.test(word)) {
      const stemmed = word.replace(pattern, replacement);
      return stemmed.length >= 3 ? stemmed : word;
    }
  }
  return word;
}

/** The words of a text that carry meaning, stemmed; what the matcher indexes and searches. */
export function meaningfulTerms(text: string): string[] {
  return words(text)
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem);
}

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

const YES = new Set([
  "yes",
  "y",
  "yeah",
  "yep",
  "yup",
  "sure",
  "ok",
  "okay",
  "correct",
  "right",
  "confirm",
  "confirmed",
  "send",
  "absolutely",
  "definitely",
  "affirmative",
  "please",
]);
const NO = new Set([
  "no",
  "n",
  "nope",
  "nah",
  "dont",
  "not",
  "wrong",
  "incorrect",
  "negative",
  "cancel",
  "stop",
]);

/** Whether a short answer means yes, no, or neither (a longer sentence is neither). */
export function yesOrNo(text: string): "yes" | "no" | undefined {
  const list = words(text);
  if (list.length === 0 || list.length > 6) return undefined;
  const saysNo = list.some((word) => NO.has(word));
  const saysYes =
    list.some((word) => YES.has(word)) ||
    /\b(go ahead|do it|sounds good|looks good)\b/.test(text.toLowerCase());
  if (saysNo && !saysYes) return "no";
  if (saysYes && !saysNo) return "yes";
  return undefined;
}

const CANCEL_PHRASES = ["cancel", "stop", "quit", "exit", "never mind", "nevermind", "forget it", "abort"];

const START_OVER_PHRASES = ["start over", "start again", "restart", "begin again", "from the start"];

/** Whether the visitor wants out of the current dialog. */
export function isCancel(text: string): boolean {
  const normalized = words(text).join(" ");
  if (normalized.split(" ").length > 4) return false;
  return CANCEL_PHRASES.some((phrase) => normalized === phrase || normalized.startsWith(`${phrase} `));
}

/** Whether the visitor wants the current dialog from its first question again. */
export function isStartOver(text: string): boolean {
  const normalized = words(text).join(" ");
  if (normalized.split(" ").length > 5) return false;
  return START_OVER_PHRASES.some((phrase) => normalized.includes(phrase));
}

/** A Markdown link, the one piece of formatting the assistant's messages use. */
export function link(label: string, path: string): string {
  return `[${label}](${path})`;
}
