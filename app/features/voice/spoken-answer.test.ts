import { describe, expect, it } from "vitest";
import type { Message } from "~/lib/lex-wire";
import { spokenSentences } from "./spoken-answer";

function text(content: string): Message {
  return { contentType: "PlainText", content };
}

describe("spokenSentences", () => {
  it("splits plain text into its sentences, in order", () => {
    expect(spokenSentences([text("Hello! How can I help? We plan, write and reconcile.")])).toEqual([
      "Hello!",
      "How can I help?",
      "We plan, write and reconcile.",
    ]);
  });

  it("ends each message with a full stop, so two messages do not run together", () => {
    expect(spokenSentences([text("Thanks"), text("  Anything else  ")])).toEqual([
      "Thanks.",
      "Anything else.",
    ]);
  });

  it("says figures, symbols and links as words", () => {
    expect(
      spokenSentences([
        text("A consultation costs $120.50 and we answer 24/7. [Book one](/booking) at 9:30 on the 2nd."),
      ]),
    ).toEqual([
      "A consultation costs one hundred twenty dollars and fifty cents and we answer twenty four seven.",
      "Book one at nine thirty on the second.",
    ]);
  });

  it("keeps a sentence that ends in a bare address apart from the next", () => {
    expect(spokenSentences([text("Details are at https://example.com/faq. Ask me anything.")])).toEqual([
      "Details are at the link.",
      "Ask me anything.",
    ]);
  });

  it("says SSML as its words, without its tags, with its escaped characters", () => {
    expect(
      spokenSentences([
        {
          contentType: "SSML",
          content:
            '<speak>Calendar &amp; email help.<break time="300ms"/> <emphasis>Ask</emphasis> away</speak>',
        },
      ]),
    ).toEqual(["Calendar and email help.", "Ask away."]);
  });

  it("reads a card as its title, its subtitle and its buttons as choices", () => {
    const card: Message = {
      contentType: "ImageResponseCard",
      imageResponseCard: {
        title: "Which service",
        subtitle: "Pick one to hear more",
        imageUrl: "https://example.com/card.png",
        buttons: [
          { text: "SEO", value: "seo" },
          { text: "Tax Preparation", value: "tax" },
          { text: "Payroll", value: "payroll" },
        ],
      },
    };
    expect(spokenSentences([card])).toEqual([
      "Which service.",
      "Pick one to hear more.",
      "You can say SEO, Tax Preparation or Payroll.",
    ]);
  });

  it("says one choice alone and two with 'or'", () => {
    const card = (buttons: string[]): Message => ({
      contentType: "ImageResponseCard",
      imageResponseCard: {
        title: "Continue?",
        buttons: buttons.map((label) => ({ text: label, value: label })),
      },
    });
    expect(spokenSentences([card(["Yes"])])).toEqual(["Continue?", "You can say Yes."]);
    expect(spokenSentences([card(["Yes", "No"])])).toEqual(["Continue?", "You can say Yes or No."]);
    expect(spokenSentences([card([])])).toEqual(["Continue?"]);
  });

  it("says nothing for a custom payload, which is for a program", () => {
    expect(
      spokenSentences([
        text("Here are the times."),
        { contentType: "CustomPayload", content: '{"slots":["09:30","10:00"]}' },
        text("Which suits you?"),
      ]),
    ).toEqual(["Here are the times.", "Which suits you?"]);
  });

  it("gives no sentences for no messages, empty ones, or punctuation alone", () => {
    expect(spokenSentences([])).toEqual([]);
    expect(spokenSentences([text(""), text("   "), { contentType: "ImageResponseCard" }])).toEqual([]);
    expect(spokenSentences([text("...")])).toEqual([]);
  });
});
