import { describe, expect, it } from 'vitest';
import { readServerEvents, type ServerEvent } from './sse.ts';

/** A body that arrives in exactly these chunks. */
function body(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function read(chunks: (string | Uint8Array)[]): Promise<ServerEvent[]> {
  const events: ServerEvent[] = [];
  for await (const event of readServerEvents(body(chunks))) events.push(event);
  return events;
}

describe('readServerEvents', () => {
  it('reads named events, joins data lines, skips comments and defaults the name to message', async () => {
    expect(
      await read([': keep-alive\n\nevent: reply-text\ndata: {"text":"Hi"}\n\ndata: one\ndata: two\n\n']),
    ).toEqual([
      { event: 'reply-text', data: '{"text":"Hi"}' },
      { event: 'message', data: 'one\ntwo' },
    ]);
  });

  it('accepts CRLF and CR line endings, even when a CRLF is split between two chunks', async () => {
    expect(await read(['event: a\r', '\ndata: 1\r\n\r\nevent: b\rdata: 2\r\r'])).toEqual([
      { event: 'a', data: '1' },
      { event: 'b', data: '2' },
    ]);
  });

  it('keeps a character split between chunks whole, and drops an event the stream did not finish', async () => {
    const euro = new TextEncoder().encode('data: 5 €\n\ndata: cut');
    expect(await read([euro.slice(0, 9), euro.slice(9)])).toEqual([{ event: 'message', data: '5 €' }]);
  });

  it('keeps the field value as written after the one optional space', async () => {
    expect(await read(['data:no space\n\ndata:  two spaces\n\n'])).toEqual([
      { event: 'message', data: 'no space' },
      { event: 'message', data: ' two spaces' },
    ]);
  });
});
