/**
 * What a static page's `<style>` holds until the document is complete: the server then puts the
 * page's own stylesheet in its place (app/kept/page-stylesheet.server.ts, entry.server.tsx).
 */
export const PAGE_STYLESHEET_MARK = "/*page-stylesheet*/";
