import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A reverse proxy in front of the API, as a team's proxy or NAT would be: it listens on
 * 127.0.0.1 (random port), forwards every request to the API from 127.0.0.1 (the address the
 * e2e API trusts, LOADLINE_TRUSTED_PROXIES in scripts/test.sh) and appends the address of the
 * client that connected to it to X-Forwarded-For, as nginx's $proxy_add_x_forwarded_for does.
 * Loopback only: clients tell themselves apart by their source address in 127.0.0.0/8.
 */
export interface ForwardingProxy {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startForwardingProxy(upstream: string): Promise<ForwardingProxy> {
  const target = new URL(upstream);
  const server: Server = createServer((req, res) => {
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].flat().filter(Boolean).join(', ');
    const headers: IncomingHttpHeaders = { ...req.headers, 'x-forwarded-for': forwarded };
    const upstreamRequest = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers, localAddress: '127.0.0.1', agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstreamRequest.on('error', (error) => {
      res.writeHead(502, { 'Content-Type': 'text/plain' });
      res.end(`proxy: ${error.message}`);
    });
    req.pipe(upstreamRequest);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface SignupAnswer {
  status: number;
  code: string | null;
  message: string | null;
}

/**
 * POST /api/v1/auth/signup to `baseUrl` (the API or the proxy) over a connection from `from`, a
 * loopback source address: one machine playing several clients. `forwardedFor`: an
 * X-Forwarded-For the client writes itself (which only a trusted proxy's hop may carry).
 */
export function signUpFrom(baseUrl: string, from: string, email: string, forwardedFor?: string): Promise<SignupAnswer> {
  const body = JSON.stringify({ email, password: 'correct horse battery staple', name: 'Behind a proxy', organizationName: `Org of ${email}` });
  return new Promise((resolve, reject) => {
    const call = request(
      `${baseUrl}/api/v1/auth/signup`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let error: { code?: string; message?: string } | undefined;
          try {
            error = (JSON.parse(text) as { error?: { code?: string; message?: string } }).error;
          } catch {
            error = { message: text.slice(0, 200) };
          }
          resolve({ status: answer.statusCode ?? 0, code: error?.code ?? null, message: error?.message ?? null });
        });
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}
