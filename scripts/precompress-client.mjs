// Part of `npm run build`: writes a brotli (.br) and a gzip (.gz) copy beside every text file of the
// browser build, at the strongest settings, once. The server sends the copy the browser accepts
// (serveStatic's `precompressed`) instead of compressing the same file on every request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const clientDirectory = path.join(process.env.BUILD_DIR ?? "build", "client");
const compressible = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/;
/** Below this, compression saves less than its headers cost. */
const SMALLEST_BYTES = 1024;

function filesUnder(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

let count = 0;
let before = 0;
let after = 0;
for (const file of filesUnder(clientDirectory)) {
  if (!compressible.test(file) || statSync(file).size < SMALLEST_BYTES) continue;
  const content = readFileSync(file);
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
  count += 1;
  before += content.length;
  after += brotli.length;
}
console.log(
  `Precompressed ${count} files of the browser build: ${Math.round(before / 1024)} KB, ${Math.round(after / 1024)} KB with brotli.`,
);
