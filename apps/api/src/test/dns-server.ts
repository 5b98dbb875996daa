import dgram from 'node:dgram';

/**
 * A DNS server on 127.0.0.1 that answers TXT questions from a table (and NXDOMAIN otherwise),
 * so TXT verification is tested against a real resolver without leaving the machine.
 */
export interface LoopbackDnsServer {
  /** "127.0.0.1:<port>", for LOADLINE_DNS_SERVERS. */
  address: string;
  txt: Map<string, string[]>;
  close(): Promise<void>;
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

function answer(query: Buffer, txt: Map<string, string[]>): Buffer {
  const [name, end] = readName(query, 12);
  const type = query.readUInt16BE(end);
  const question = query.subarray(12, end + 4);
  const records = type === 16 ? (txt.get(name) ?? []) : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // QR, opcode 0, AA, RD copied; RA; RCODE 3 (NXDOMAIN) when the name is unknown.
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (txt.has(name) ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  const answers = records.map((record) => {
    const text = Buffer.from(record, 'utf8');
    const rr = Buffer.alloc(12 + 1 + text.length);
    rr.writeUInt16BE(0xc00c, 0); // pointer to the question's name
    rr.writeUInt16BE(16, 2); // TXT
    rr.writeUInt16BE(1, 4); // IN
    rr.writeUInt32BE(60, 6);
    rr.writeUInt16BE(1 + text.length, 10);
    rr.writeUInt8(text.length, 12);
    text.copy(rr, 13);
    return rr;
  });
  return Buffer.concat([header, question, ...answers]);
}

export async function startLoopbackDnsServer(): Promise<LoopbackDnsServer> {
  const txt = new Map<string, string[]>();
  const socket = dgram.createSocket('udp4');
  socket.on('message', (query, peer) => {
    try {
      socket.send(answer(query, txt), peer.port, peer.address);
    } catch {
      // A malformed question gets no answer, as from a real server.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    txt,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
