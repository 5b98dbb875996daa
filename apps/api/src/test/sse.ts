export interface EventStream {
  events: Array<{ event: string; data: any }>;
  /** Settles when the stream ends (or is closed). */
  done: Promise<void>;
  close: () => void;
}

/** Follows a Server-Sent Events stream with fetch (as the web app does), collecting its events. */
export function followEvents(url: string, token: string): EventStream {
  const controller = new AbortController();
  const events: EventStream['events'] = [];
  const done = (async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    if (!response.ok || !response.body) throw new Error(`events: HTTP ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let event = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).trim());
        }
        if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) });
      }
    }
  })().catch((error: unknown) => {
    if (!controller.signal.aborted) throw error;
  });
  return { events, done, close: () => controller.abort() };
}

/** Reads a Server-Sent Events stream until it ends; fails after `timeoutMs`. */
export async function readEvents(url: string, token: string, timeoutMs = 60_000): Promise<Array<{ event: string; data: any }>> {
  const stream = followEvents(url, token);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stream.close();
  }, timeoutMs);
  try {
    await stream.done;
  } finally {
    clearTimeout(timer);
  }
  if (timedOut) throw new Error(`events: the stream did not end within ${timeoutMs} ms`);
  return stream.events;
}
