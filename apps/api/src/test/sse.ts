/** Reads a Server-Sent Events stream with fetch (as the web app does) until it ends. */
export async function readEvents(url: string, token: string, timeoutMs = 60_000): Promise<Array<{ event: string; data: any }>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const events: Array<{ event: string; data: any }> = [];
  try {
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
  } finally {
    clearTimeout(timer);
  }
  return events;
}
