import { describe, expect, it } from "vitest";
import { numberInWords, ordinalInWords, spellOut, spokenWords } from "./spoken-words";

describe("numberInWords", () => {
  it.each([
    [0, "zero"],
    [7, "seven"],
    [13, "thirteen"],
    [20, "twenty"],
    [21, "twenty one"],
    [99, "ninety nine"],
    [100, "one hundred"],
    [120, "one hundred twenty"],
    [305, "three hundred five"],
    [1000, "one thousand"],
    [1200, "one thousand two hundred"],
    [21_005, "twenty one thousand five"],
    [999_999, "nine hundred ninety nine thousand nine hundred ninety nine"],
  ])("says %i as '%s'", (value, words) => {
    expect(numberInWords(value)).toBe(words);
  });

  it("leaves what it cannot say (a million or more, negative, fractions) as figures", () => {
    expect(numberInWords(1_000_000)).toBe("1000000");
    expect(numberInWords(-3)).toBe("-3");
    expect(numberInWords(2.5)).toBe("2.5");
  });
});

describe("ordinalInWords", () => {
  it.each([
    [1, "first"],
    [2, "second"],
    [3, "third"],
    [4, "fourth"],
    [5, "fifth"],
    [8, "eighth"],
    [9, "ninth"],
    [11, "eleventh"],
    [12, "twelfth"],
    [20, "twentieth"],
    [21, "twenty first"],
    [22, "twenty second"],
    [30, "thirtieth"],
    [31, "thirty first"],
    [100, "one hundredth"],
  ])("says %i as '%s'", (value, words) => {
    expect(ordinalInWords(value)).toBe(words);
  });
});

describe("spellOut", () => {
  it.each([
    ["It costs $1,200.50 in total.", "It costs one thousand two hundred dollars and fifty cents in total."],
    ["Just $1.", "Just one dollar."],
    ["From $120 a month.", "From one hundred twenty dollars a month."],
    ["A fee of 95 USD.", "A fee of ninety five dollars."],
    ["We answer 24/7.", "We answer twenty four seven."],
    ["We answer 24 / 7.", "We answer twenty four seven."],
    ["Save 15% today.", "Save fifteen percent today."],
    ["Meet at 9:30.", "Meet at nine thirty."],
    ["Meet at 9:05.", "Meet at nine oh five."],
    ["Meet at 10:00.", "Meet at ten."],
    ["Free at 1:30 PM or 01:30 PM.", "Free at one thirty p m or one thirty p m."],
    ["Open from 9am to 5 p.m. daily", "Open from nine a m to five p m daily"],
    ["Free at 9:30am.", "Free at nine thirty a m."],
    ["Open at 5 p.m. Then call.", "Open at five p m. Then call."],
    ["Open 9am-5pm, Monday to Friday.", "Open nine a m-five p m, Monday to Friday."],
    ["Free at 1:30\u202fPM EST.", "Free at one thirty p m EST."],
    ["On the 2nd and the 21st.", "On the second and the twenty first."],
    ["Pay 3 & 4 now.", "Pay three and four now."],
  ])("says '%s' as '%s'", (text, spoken) => {
    expect(spellOut(text)).toBe(spoken);
  });

  it("keeps the word 'am' a word: only a time's am and pm are spelled", () => {
    expect(spellOut("I am here. Who am I?")).toBe("I am here. Who am I?");
    expect(spellOut("Spam and ham.")).toBe("Spam and ham.");
  });

  it("reads a Markdown link as its label", () => {
    expect(spellOut("Please [book a call](/contact) or [see prices](https://example.com/pricing).")).toBe(
      "Please book a call or see prices.",
    );
  });

  it("reads a bare address as 'the link', keeping the full stop after it", () => {
    expect(spellOut("Visit https://example.com/pricing?plan=2 now.")).toBe("Visit the link now.");
    expect(spellOut("See https://example.com. Then call us.")).toBe("See the link. Then call us.");
  });

  it("keeps the comma after an amount (a pause when read aloud)", () => {
    expect(spellOut("It is $120, paid once.")).toBe("It is one hundred twenty dollars, paid once.");
    expect(spellOut("Pick 1, 2 or 3.")).toBe("Pick one, two or three.");
  });

  it("leaves text without figures or symbols as it was, spaces tidied", () => {
    expect(spellOut("  Hello,   how can I help?  ")).toBe("Hello, how can I help?");
  });
});

describe("spokenWords", () => {
  it("gives lower-case words without punctuation", () => {
    expect(spokenWords("Hello, how can I help? (Really!)")).toEqual([
      "hello",
      "how",
      "can",
      "i",
      "help",
      "really",
    ]);
  });

  it("keeps apostrophes inside words, straight or curly, and drops quotes around them", () => {
    expect(spokenWords("Don't worry, it’s 'fine'.")).toEqual(["don't", "worry", "it's", "fine"]);
  });

  it("says figures and symbols as words", () => {
    expect(spokenWords("$1,200.50 for 24/7 support & 2nd-tier help at 9:30 AM")).toEqual([
      ..."one thousand two hundred dollars and fifty cents".split(" "),
      ..."for twenty four seven support and second tier help at nine thirty a m".split(" "),
    ]);
  });

  it("says a link by its label and splits hyphenated words", () => {
    expect(spokenWords("[Follow-up call](/contact)")).toEqual(["follow", "up", "call"]);
  });

  it("gives no words for text with none", () => {
    expect(spokenWords(" ... !? ")).toEqual([]);
  });
});
