// Part of `npm run build`: the speech recognizer's language model and dictionary, from the sentences
// the assistant knows, written beside the bundle (app/features/voice/voice-model.server.ts). Without
// the speech packages the build goes on and says so: the site then answers in text only.
import path from "node:path";
import { pathToFileURL } from "node:url";

const serverDirectory = path.resolve(process.env.BUILD_DIR ?? "build");
const bundle = await import(pathToFileURL(path.join(serverDirectory, "server/index.js")).href);
console.log(bundle.buildVoiceModel());
