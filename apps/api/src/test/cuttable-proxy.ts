import net from 'node:net';

/**
 * A loopback TCP proxy a test controls, so a dependency (PostgreSQL) can "go away" for one
 * API alone while the shared server keeps serving the other test files.
 */
export class CuttableProxy {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly to: { host: string; port: number }) {}

  /** Where it forwards to (set before the first connection). */
  forwardTo(host: string, port: number): void {
    this.to.host = host;
    this.to.port = port;
  }

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.to.port, this.to.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as net.AddressInfo).port;
  }

  /** Drops every connection and stops listening: the database is unreachable. */
  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

/** `direct` (a database URL) going through `proxy`, which is pointed at its host and port. */
export function throughProxy(proxy: CuttableProxy, direct: string): string {
  const url = new URL(direct);
  proxy.forwardTo(url.hostname, Number(url.port || 5432));
  url.port = String(proxy.port);
  return url.toString();
}
