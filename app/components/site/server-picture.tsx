/**
 * A picture drawn on the server (see illustration-markup.server.tsx), shown as if its SVG were
 * here itself: the wrapper takes no box (`display: contents`), so the SVG's own classes lay it out.
 */
export function ServerPicture({ markup }: { markup: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own SVG, drawn on the server from code
  return <span className="contents" dangerouslySetInnerHTML={{ __html: markup }} />;
}
