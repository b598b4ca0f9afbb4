import { describe, expect, it } from "vitest";
import { linksOf, readHtml } from "../../../../tests/setup/email-reading";
import { emailHtml, emailText, escapeHtml, link, renderEmail } from "./render";

describe("renderEmail", () => {
  const content = {
    subject: "Hello <there> & welcome",
    paragraphs: [
      ["Hello Ada,"],
      ["First line.", "Second line, under it."],
      ["A message\nof two lines."],
      ["Open:", link("https://va.example.com/reset-password?token=a&b")],
    ],
  };

  it("writes paragraphs apart by a blank line and lines one under another in the text part", () => {
    expect(emailText(content)).toBe(
      "Hello Ada,\n\nFirst line.\nSecond line, under it.\n\nA message\nof two lines.\n\nOpen:\nhttps://va.example.com/reset-password?token=a&b",
    );
  });

  it("says the same in the HTML part, escaped, with the link clickable", () => {
    const rendered = renderEmail(content);
    expect(readHtml(rendered.html)).toBe(rendered.text);
    expect(rendered.html).toContain("<title>Hello &lt;there&gt; &amp; welcome</title>");
    expect(linksOf(rendered.html)).toEqual(["https://va.example.com/reset-password?token=a&b"]);
    expect(rendered.html).toContain('<html lang="en">');
  });

  it("never lets a value write markup", () => {
    const html = emailHtml({
      subject: "x",
      paragraphs: [[`<script>alert("hi")</script> & <a href="https://evil.example">click</a>`]],
    });
    expect(html).not.toContain("<script>");
    expect(html).not.toContain('<a href="https://evil.example">');
    expect(html).toContain("&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp;");
    expect(escapeHtml(`'"<>&`)).toBe("&#39;&quot;&lt;&gt;&amp;");
  });
});
