import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Portrait } from "./portrait";

describe("a portrait", () => {
  it("is the picture when there is one, sized and lazy", () => {
    const markup = renderToStaticMarkup(
      <Portrait src="/uploads/abc.webp" name="Nadia Sorensen" alt="Portrait of Nadia Sorensen" width={96} />,
    );
    expect(markup).toContain('src="/uploads/abc.webp"');
    expect(markup).toContain('width="96"');
    expect(markup).toContain('loading="lazy"');
  });

  it("is the person's initials, named for screen readers, when there is no picture yet", () => {
    const markup = renderToStaticMarkup(
      <Portrait src="" name="Nadia Sorensen" alt="Portrait of Nadia Sorensen" width={256} />,
    );
    expect(markup).not.toContain("<img");
    expect(markup).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Portrait of Nadia Sorensen"/);
    expect(markup).toMatch(/<text[^>]*>NS<\/text>/);
    expect(markup).toContain('width="256"');
  });

  it("is hidden from screen readers when it only decorates a name written beside it", () => {
    const markup = renderToStaticMarkup(<Portrait src="" name="Li" alt="" width={40} />);
    expect(markup).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(markup).not.toContain("role=");
  });
});
