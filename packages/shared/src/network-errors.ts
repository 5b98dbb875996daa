/**
 * A failed connection in words, for delivery logs and verification messages: "connection
 * refused by 127.0.0.1:9" where Node says "connect ECONNREFUSED 127.0.0.1:9". Works from the
 * error's fields (code, address, port, hostname) and, for text stored before (a delivery's
 * lastError), from Node's message. Anything it does not know is returned as it was.
 */
export interface NetworkErrorLike {
  code?: string;
  message: string;
  address?: string;
  port?: number;
  hostname?: string;
}

/** "connect ECONNREFUSED 127.0.0.1:9", "getaddrinfo ENOTFOUND example.invalid", "read ECONNRESET". */
const NODE_MESSAGE = /^(?:connect|getaddrinfo|read|write|queryA|queryTxt) ([A-Z_]+)(?: (\S+))?$/;

export function networkErrorInWords(error: NetworkErrorLike | string): string {
  const given = typeof error === 'string' ? { message: error } : error;
  const parsed = NODE_MESSAGE.exec(given.message.trim());
  const code = given.code ?? parsed?.[1];
  const where =
    given.address !== undefined ? (given.port !== undefined ? `${given.address}:${given.port}` : given.address) : (given.hostname ?? parsed?.[2] ?? '');
  const at = (text: string) => (where ? `${text} ${where}` : text);
  switch (code) {
    case 'ECONNREFUSED':
      return at('connection refused by');
    case 'ECONNRESET':
      return where ? `connection reset by ${where}` : 'connection reset by the other end';
    case 'ETIMEDOUT':
      return where ? `no answer from ${where} (connection timed out)` : 'connection timed out';
    case 'EHOSTUNREACH':
      return where ? `${where} cannot be reached (no route to host)` : 'no route to host';
    case 'ENETUNREACH':
      return where ? `no network route to ${where}` : 'network unreachable';
    case 'ENOTFOUND':
      return where ? `${where} has no DNS address` : 'the host name has no DNS address';
    case 'EAI_AGAIN':
      return where ? `the DNS lookup of ${where} failed for now (try again)` : 'a DNS lookup failed for now (try again)';
    case 'EPIPE':
      return 'the other end closed the connection while the request was sent';
    default:
      return given.message;
  }
}
