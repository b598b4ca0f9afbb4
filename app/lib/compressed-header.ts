/**
 * Lex's way of carrying JSON in an HTTP header (RecognizeUtterance's session state, transcript and
 * messages): the JSON gzip-compressed, then base64-encoded. Browser streams only, so no
 * compression library reaches the chat's bundle.
 */

async function throughStream(bytes: Uint8Array, stream: CompressionStream | DecompressionStream) {
  const piped = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  // In slices, so a long header never overflows the arguments of one call.
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** A value as a Lex header: base64(gzip(JSON)). */
export async function encodeCompressedHeader(value: unknown): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(value));
  return toBase64(await throughStream(json, new CompressionStream("gzip")));
}

/** A Lex header's value back as JSON; undefined when it is absent or not what Lex sends. */
export async function decodeCompressedHeader(header: string | null): Promise<unknown> {
  if (!header) return undefined;
  try {
    const json = await throughStream(fromBase64(header.trim()), new DecompressionStream("gzip"));
    return JSON.parse(new TextDecoder().decode(json)) as unknown;
  } catch {
    return undefined;
  }
}
