import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { ServerResponse, type IncomingMessage } from 'node:http';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { context, propagation, SpanStatusCode, trace, type Attributes, type Context } from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';
import { NodeSDK, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, type ReadableSpan, type Span, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation, ExpressLayerType } from '@opentelemetry/instrumentation-express';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import type { TraceCarrier } from '@loadline/shared';
import type { SpanAttributes, SpanHandle, TracedLibrary, TracingOptions } from './index.js';
import { redactUrlAttributes } from './redact.js';

export interface TracingRuntime {
  withSpan<T>(name: string, attributes: SpanAttributes, fn: (span: SpanHandle) => Promise<T>, parent?: TraceCarrier): Promise<T>;
  carrier(): TraceCarrier | undefined;
  untraced<T>(fn: () => T): T;
  shutdown(): Promise<void>;
}

/**
 * Scrubs URLs before a span is exported (redact.ts): instrumentations record the raw path
 * and query of every request (url.path, url.query, url.full; NestJS's spans the original
 * URL), and paths here carry share, invitation and trigger tokens.
 */
class RedactingProcessor implements SpanProcessor {
  onStart(): void {}
  onEnding(span: Span): void {
    const replacements = redactUrlAttributes(span.attributes);
    if (Object.keys(replacements).length) span.setAttributes(replacements);
  }
  onEnd(_span: ReadableSpan): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

const envNumber = (name: string): number | undefined => {
  const value = Number(process.env[name]);
  return process.env[name]?.trim() && Number.isFinite(value) && value >= 0 ? value : undefined;
};

type Instrumentation = NonNullable<NodeSDKConfiguration['instrumentations']>[number];

function instrumentationsFor(options: TracingOptions): Instrumentation[] {
  const make: Record<TracedLibrary, () => Instrumentation> = {
    http: () =>
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: IncomingMessage) => options.ignoreIncoming?.((req.url ?? '/').split('?', 1)[0] ?? '/') ?? false,
        // Headers are not recorded (no headersToSpanAttributes): Authorization, cookies and
        // API keys never reach a span. The route template and request id are added here.
        applyCustomAttributesOnSpan: (span, request, response) => {
          if (!options.describeRequest || !(response instanceof ServerResponse)) return;
          const { route, requestId } = options.describeRequest(request as IncomingMessage, response);
          if (route) {
            span.setAttribute('http.route', route);
            span.updateName(`${(request as IncomingMessage).method ?? 'GET'} ${route}`);
          }
          if (requestId) span.setAttribute('loadline.request_id', requestId);
        },
      }),
    // Route handlers only: a span per middleware of every request says little and costs.
    express: () => new ExpressInstrumentation({ ignoreLayersType: [ExpressLayerType.MIDDLEWARE, ExpressLayerType.ROUTER] }),
    // Only inside a trace (a request, a run's span): BullMQ's and the heartbeats' polling
    // would otherwise be a root span each, several a second.
    // The command and how many arguments, never the arguments: the instrumentation's default
    // keeps all of EVAL's, which here are queued jobs (sealed target secrets, plans).
    ioredis: () => new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command, args) => `${command} [${args.length} arguments]` }),
    // Statements with their $1 placeholders; values are never recorded (no enhanced reporting).
    // No span per pool checkout: one per query is enough, and doubles nothing.
    pg: () => new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false, ignoreConnectSpans: true }),
  };
  return options.instrumentations.map((name) => make[name]());
}

/**
 * The exporter for OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL, http/protobuf by default as the spec
 * says; only the one chosen is loaded (the gRPC one brings @grpc/grpc-js). Each reads the
 * standard OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT and _COMPRESSION itself.
 */
async function exporterFromEnv(): Promise<SpanExporter> {
  const protocol = (process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? process.env.OTEL_EXPORTER_OTLP_PROTOCOL ?? '').trim() || 'http/protobuf';
  if (protocol === 'http/json') return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  if (protocol === 'grpc') return new (await import('@opentelemetry/exporter-trace-otlp-grpc')).OTLPTraceExporter();
  if (protocol !== 'http/protobuf') console.warn(`OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not one of http/protobuf, http/json, grpc; using http/protobuf`);
  return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
}

function serviceNameFromEnv(): boolean {
  return Boolean(process.env.OTEL_SERVICE_NAME?.trim() || /(^|,)\s*service\.name\s*=/.test(process.env.OTEL_RESOURCE_ATTRIBUTES ?? ''));
}

/**
 * Registers the ESM hook (import-in-the-middle, told only the modules the instrumentations
 * patch), starts the SDK exporting traces only, over OTLP, and waits until the
 * hook has acknowledged the instrumented modules, so that the app's imports after this are seen.
 */
export async function startSdk(options: TracingOptions): Promise<TracingRuntime> {
  const channel = isMainThread ? createAddHookMessageChannel() : null;
  if (channel) register('import-in-the-middle/hook.mjs', import.meta.url, channel.registerOptions);
  const exporter = await exporterFromEnv();
  const sdk = new NodeSDK({
    serviceName: serviceNameFromEnv() ? undefined : options.serviceName,
    // The SDK reads OTEL_TRACES_SAMPLER(_ARG), OTEL_RESOURCE_ATTRIBUTES, OTEL_PROPAGATORS.
    spanProcessors: [
      new RedactingProcessor(),
      new BatchSpanProcessor({
        exporter,
        maxQueueSize: envNumber('OTEL_BSP_MAX_QUEUE_SIZE'),
        scheduledDelayMillis: envNumber('OTEL_BSP_SCHEDULE_DELAY'),
        exportTimeoutMillis: envNumber('OTEL_BSP_EXPORT_TIMEOUT'),
        maxExportBatchSize: envNumber('OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
      }),
    ],
    // Traces only: metrics are /metrics (Prometheus) and logs go to stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: instrumentationsFor(options),
  });
  sdk.start();
  await channel?.waitForAllMessagesAcknowledged();

  const tracer = trace.getTracer('loadline');
  const parentContext = (parent?: TraceCarrier): Context => (parent ? propagation.extract(context.active(), { ...parent }) : context.active());
  return {
    withSpan(name, attributes, fn, parent) {
      return tracer.startActiveSpan(name, { attributes: attributes as Attributes }, parentContext(parent), async (span) => {
        try {
          return await fn({ setAttributes: (more) => span.setAttributes(more as Attributes) });
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
          throw error;
        } finally {
          span.end();
        }
      });
    },
    carrier() {
      const out: Record<string, string> = {};
      propagation.inject(context.active(), out);
      if (!out.traceparent) return undefined;
      return out.tracestate ? { traceparent: out.traceparent, tracestate: out.tracestate.slice(0, 512) } : { traceparent: out.traceparent };
    },
    untraced(fn) {
      return context.with(suppressTracing(context.active()), fn);
    },
    shutdown: () => sdk.shutdown(),
  };
}
