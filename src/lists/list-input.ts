/**
 * What a list parser reads: the whole text, its bytes, or a stream of chunks (a Node Readable
 * is one). Parsers never open files; the shell (read-source.ts, cli/, store/) hands them this.
 */

/** A list file's content: text, bytes, or chunks of either (e.g. `fs.createReadStream(path)`). */
export type ListInput = string | Uint8Array | AsyncIterable<Uint8Array | string>;

/**
 * Yields the input as UTF-8 text chunks, decoding byte chunks as they come so that a character
 * split across two chunks is never broken. A leading byte-order mark is dropped.
 */
export async function* textChunks(input: ListInput): AsyncGenerator<string> {
  if (typeof input === 'string') {
    yield stripBom(input);
    return;
  }
  const decoder = new TextDecoder('utf-8');
  if (input instanceof Uint8Array) {
    yield decoder.decode(input);
    return;
  }
  let first = true;
  for await (const chunk of input) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (text.length === 0) continue;
    yield first ? stripBom(text) : text;
    first = false;
  }
  const tail = decoder.decode();
  if (tail.length > 0) yield tail;
}

/** The whole input as one string: for the small files that are parsed in one go. */
export async function readListText(input: ListInput): Promise<string> {
  if (typeof input === 'string') return stripBom(input);
  let text = '';
  for await (const chunk of textChunks(input)) text += chunk;
  return text;
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
