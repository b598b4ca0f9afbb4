// A second entry of the server bundle (vite.config.ts), for the render bench alone
// (bench/render-worker.ts): the pages' build and the React that renders them, as bundled, and the
// HTTP app as the server makes it, minus the shared pages, so that every request renders.
import * as build from "virtual:react-router/server-build";
import { createElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { type ServerBuild, ServerRouter } from "react-router";
import { createApp } from "../server/app";
import { closeRuntime, getRuntime } from "../server/runtime";

export const serverBuild: ServerBuild = build;
/** The bundle's own React (a copy from node_modules would be a second React, without the page's hooks). */
export const react = { createElement, renderToString, renderToPipeableStream, ServerRouter };

/** The app with `pagesBuild` for its pages, keeping all the server keeps except rendered pages. */
export async function createRenderingApp(pagesBuild: ServerBuild) {
  const { kept } = await getRuntime();
  const { pages: _renderedPages, ...catalogue } = kept.catalogue;
  return createApp({ build: pagesBuild, kept: { ...kept, catalogue, sharedPages: undefined } });
}

export { closeRuntime };
