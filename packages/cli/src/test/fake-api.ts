import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
  /** Sent as is (not JSON). */
  text?: string;
  headers?: Record<string, string>;
}

export interface FakeApi {
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** A JSON body parsed; any other (an uploaded CSV) as its text. */
function jsonOrText(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** A loopback HTTP server answering like the Loadline API does, as the test says. */
export async function startFakeApi(handle: (request: FakeRequest) => FakeResponse | undefined): Promise<FakeApi> {
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: (req.url ?? '/').replace(/^\/api\/v1/, ''),
        headers: req.headers,
        body: raw ? jsonOrText(raw) : undefined,
      };
      requests.push(request);
      const answer = handle(request) ?? { status: 404, body: apiError('ROUTE_NOT_FOUND', `Cannot ${request.method} ${req.url}`) };
      const text = answer.text ?? JSON.stringify(answer.body ?? {});
      res.writeHead(answer.status ?? 200, { 'content-type': answer.text ? 'text/plain' : 'application/json', ...answer.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const apiError = (code: string, message: string, details: { path: string; message: string }[] = []) => ({ error: { code, message, details } });
