// Part of `npm run build`: trains the assistant's classifier once, with the server bundle's own code,
// and saves it beside the bundle, so each start (and each worker) loads it instead of training it.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const serverDirectory = path.resolve(process.env.BUILD_DIR ?? "build");
const bundle = await import(pathToFileURL(path.join(serverDirectory, "server/index.js")).href);
const json = JSON.stringify(await bundle.saveClassifier());
const file = path.join(serverDirectory, bundle.SAVED_CLASSIFIER_FILE);
writeFileSync(file, json);
console.log(`Saved the assistant's classifier (${Math.round(json.length / 1024)} KB) to ${file}.`);
