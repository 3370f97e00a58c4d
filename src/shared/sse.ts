/**
 * Reads a `text/event-stream` body as it arrives: the part of the server-sent events format our API writes
 * (`event:` and `data:` fields, comments, blank lines between events). `EventSource` cannot do this here: it
 * only sends GET requests, and our streamed answers reply to a POST.
 */

/** One event: its name (`message` when the server gave none) and its data lines joined by newlines. */
export type ServerEvent = { event: string; data: string };

export async function* readServerEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  try {
    for (;;) {
      const { value, done } = await reader.read();
      // `stream: true` keeps a character split between two chunks whole.
      if (!done) buffer += decoder.decode(value, { stream: true });
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        // A line ending in "\r" may go on with "\n" in the next chunk: wait for it, unless there is none.
        if (end === -1 || (!done && buffer[end] === '\r' && end === buffer.length - 1)) break;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(buffer.startsWith('\r\n', end) ? end + 2 : end + 1);
        if (line === '') {
          if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
          event = '';
          data = [];
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const text = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = text;
        else if (field === 'data') data.push(text);
      }
      if (done) return; // An event the stream did not finish with a blank line is dropped, as browsers do.
    }
  } finally {
    // Leaving early (the caller has its answer, or failed) stops the download too.
    await reader.cancel().catch(() => {});
  }
}
