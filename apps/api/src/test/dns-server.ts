import dgram from 'node:dgram';

/**
 * A DNS server on 127.0.0.1 that answers TXT and A questions from tables (NXDOMAIN for a name
 * in neither), so TXT verification and test-only host names (pointed at loopback addresses
 * only, and re-pointed by the test) go through a real resolver without leaving the machine.
 */
export interface LoopbackDnsServer {
  /** "127.0.0.1:<port>", for LOADLINE_DNS_SERVERS. */
  address: string;
  txt: Map<string, string[]>;
  /** IPv4 addresses per name (tests keep these on 127.0.0.0/8). */
  a: Map<string, string[]>;
  /** Questions asked, as "TYPE name" (A, AAAA, TXT, or the type number). */
  questions: string[];
  close(): Promise<void>;
}

const TYPE_NAMES: Record<number, string> = { 1: 'A', 16: 'TXT', 28: 'AAAA' };

function record(type: number, data: Buffer): Buffer {
  const rr = Buffer.alloc(12 + data.length);
  rr.writeUInt16BE(0xc00c, 0); // pointer to the question's name
  rr.writeUInt16BE(type, 2);
  rr.writeUInt16BE(1, 4); // IN
  rr.writeUInt32BE(0, 6); // TTL 0: a re-pointed name is seen at once
  rr.writeUInt16BE(data.length, 10);
  data.copy(rr, 12);
  return rr;
}

function readName(message: Buffer, offset: number): [string, number] {
  const labels: string[] = [];
  while (message[offset]! !== 0) {
    const length = message[offset]!;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += length + 1;
  }
  return [labels.join('.').toLowerCase(), offset + 1];
}

function answer(query: Buffer, tables: Pick<LoopbackDnsServer, 'txt' | 'a' | 'questions'>): Buffer {
  const [name, end] = readName(query, 12);
  const type = query.readUInt16BE(end);
  tables.questions.push(`${TYPE_NAMES[type] ?? type} ${name}`);
  const question = query.subarray(12, end + 4);
  const known = tables.txt.has(name) || tables.a.has(name);
  const answers =
    type === 16
      ? (tables.txt.get(name) ?? []).map((text) => {
          const bytes = Buffer.from(text, 'utf8');
          return record(16, Buffer.concat([Buffer.from([bytes.length]), bytes]));
        })
      : type === 1
        ? (tables.a.get(name) ?? []).map((address) => record(1, Buffer.from(address.split('.').map(Number))))
        : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // QR, opcode 0, AA, RD copied; RA; RCODE 3 (NXDOMAIN) when the name is unknown.
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (known ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  return Buffer.concat([header, question, ...answers]);
}

export async function startLoopbackDnsServer(): Promise<LoopbackDnsServer> {
  const tables = { txt: new Map<string, string[]>(), a: new Map<string, string[]>(), questions: [] as string[] };
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    try {
      socket.send(answer(query, tables), peer.port, peer.address);
    } catch {
      // A malformed question gets no answer, as from a real server.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    ...tables,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
