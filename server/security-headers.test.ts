import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers";

function appAnswering(contentType: string, options = { isProduction: true, servedOverHttps: true }) {
  const app = new Hono();
  app.use(securityHeaders(options));
  app.get("*", (context) => context.body("x", 200, { "Content-Type": contentType }));
  return app;
}

describe("security headers", () => {
  it("gives documents, SVG pictures and JSON the full set", async () => {
    for (const type of ["text/html; charset=utf-8", "image/svg+xml", "application/json", "text/plain"]) {
      const response = await appAnswering(type).request("/x");
      expect(response.headers.get("Content-Security-Policy"), type).toContain("frame-ancestors 'none'");
      expect(response.headers.get("X-Frame-Options"), type).toBe("DENY");
      expect(response.headers.get("X-Content-Type-Options"), type).toBe("nosniff");
    }
  });

  it("severs other sites' windows from a signed-in visitor's pages only", async () => {
    const app = appAnswering("text/html; charset=utf-8");
    const opener = async (headers: Record<string, string>) =>
      (await app.request("/x", { headers })).headers.get("Cross-Origin-Opener-Policy");
    expect(await opener({})).toBeNull();
    expect(await opener({ cookie: "theme=dark" })).toBeNull();
    expect(await opener({ cookie: "__Host-session=abc" })).toBe("same-origin");
    expect(await opener({ token: "abc" })).toBe("same-origin");
    expect(await opener({ authorization: "Bearer abc" })).toBe("same-origin");

    const signingIn = new Hono();
    signingIn.use(securityHeaders({ isProduction: true, servedOverHttps: true }));
    signingIn.post("/login", (context) =>
      context.body(null, 303, { Location: "/", "Set-Cookie": "__Host-session=new; HttpOnly" }),
    );
    const answer = await signingIn.request("/login", { method: "POST" });
    expect(answer.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
  });

  it("lets pages play audio from blob: URLs (the chat's spoken answer) and run their own worklets", async () => {
    const policy =
      (await appAnswering("text/html").request("/x")).headers.get("Content-Security-Policy") ?? "";
    expect(policy).toContain("media-src 'self' blob:");
    // audioWorklet.addModule is governed by script-src: the recorder's worklet is one of our own files.
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).not.toMatch(/worker-src/);
  });

  it("gives scripts, styles, fonts and raster images only nosniff and HSTS", async () => {
    for (const type of [
      "text/javascript; charset=utf-8",
      "application/javascript",
      "text/css; charset=utf-8",
      "font/woff2",
      "image/avif",
      "image/webp",
    ]) {
      const response = await appAnswering(type).request("/x");
      expect(response.headers.get("X-Content-Type-Options"), type).toBe("nosniff");
      expect(response.headers.get("Strict-Transport-Security"), type).toContain("max-age=");
      expect(response.headers.get("Content-Security-Policy"), type).toBeNull();
      expect(response.headers.get("X-Frame-Options"), type).toBeNull();
      expect(response.headers.get("Permissions-Policy"), type).toBeNull();
    }
  });
});
