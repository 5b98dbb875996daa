import { createServer } from 'node:http';

/** One exported span, flattened from OTLP/JSON (ids are hex, as the JSON mapping has them). */
export interface ReceivedSpan {
  service: string;
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  resource: Record<string, string | number | boolean>;
}

export interface OtlpReceiver {
  /** Base URL for OTEL_EXPORTER_OTLP_ENDPOINT (the exporter adds /v1/traces). */
  url: string;
  spans: ReceivedSpan[];
  /** Every request body as received, for "nothing secret anywhere" checks (protobuf's strings are UTF-8 too). */
  bodies: string[];
  /** Path and content type of every request. */
  received: { path: string; contentType: string }[];
  requests: number;
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; intValue?: number | string; doubleValue?: number; boolValue?: boolean };
type KeyValue = { key: string; value: AnyValue };

const valueOf = (value: AnyValue): string | number | boolean =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.doubleValue ?? value.boolValue ?? ''));
const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/**
 * A loopback OTLP/HTTP receiver: collects what the SDK's own exporter sends to /v1/traces
 * as a collector would receive it; spans are decoded from OTLP/JSON (OTEL_EXPORTER_OTLP_PROTOCOL=http/json),
 * protobuf bodies are kept as they came.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const received: OtlpReceiver['received'] = [];
  const receiver = { spans, bodies, received, requests: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      receiver.requests++;
      const body = Buffer.concat(chunks).toString('utf8');
      bodies.push(body);
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '' });
      if (req.method === 'POST' && req.url === '/v1/traces' && /json/.test(req.headers['content-type'] ?? '')) {
        const data = JSON.parse(body) as {
          resourceSpans?: {
            resource?: { attributes?: KeyValue[] };
            scopeSpans?: {
              spans?: { name: string; traceId: string; spanId: string; parentSpanId?: string; kind: number; attributes?: KeyValue[] }[];
            }[];
          }[];
        };
        for (const resourceSpans of data.resourceSpans ?? []) {
          const resource = attributesOf(resourceSpans.resource?.attributes);
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              spans.push({
                service: String(resource['service.name']),
                name: span.name,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                kind: span.kind,
                attributes: attributesOf(span.attributes),
                resource,
              });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
