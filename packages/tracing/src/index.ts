import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TraceCarrier } from '@loadline/shared';
import type { TracingRuntime } from './sdk.js';

/**
 * Optional OpenTelemetry traces (docs/tracing.md). This module imports nothing of
 * OpenTelemetry: the SDK, its exporter and its instrumentations are loaded by startTracing,
 * and only when an OTLP endpoint is configured. Without one, every helper here runs the
 * given function as it is, and the process never loads a line of OpenTelemetry.
 */

/**
 * No NestJS instrumentation: @opentelemetry/instrumentation-nestjs-core 0.71 patches
 * @nestjs/core below 12 only, and the API runs 12. Handlers show as Express's route spans.
 */
export type TracedLibrary = 'http' | 'express' | 'ioredis' | 'pg';
export type SpanAttributes = Record<string, string | number | boolean>;

export interface TracingOptions {
  /** service.name unless OTEL_SERVICE_NAME (or service.name in OTEL_RESOURCE_ATTRIBUTES) says otherwise. */
  serviceName: string;
  instrumentations: readonly TracedLibrary[];
  /** Incoming requests that get no span at all (probes, /metrics); by URL path. */
  ignoreIncoming?: (path: string) => boolean;
  /** What the app knows of a request once answered: its route template and request id. */
  describeRequest?: (req: IncomingMessage, res: ServerResponse) => { route?: string; requestId?: string };
}

/** What a span the app opens may be told while it runs. */
export interface SpanHandle {
  setAttributes(attributes: SpanAttributes): void;
}

const NO_SPAN: SpanHandle = { setAttributes: () => undefined };
let runtime: TracingRuntime | null = null;

/** Whether the environment asks for traces: an OTLP endpoint, and the SDK not disabled. */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if ((env.OTEL_TRACES_EXPORTER ?? '').split(',').some((name) => name.trim() === 'none')) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

/**
 * Starts the SDK when tracingRequested(). Call it first thing in a process, before the
 * modules to instrument are imported (the apps import their code dynamically after it):
 * it registers the ESM import hook, which only sees modules loaded after it.
 */
export async function startTracing(options: TracingOptions): Promise<boolean> {
  if (runtime || !tracingRequested()) return runtime !== null;
  const { startSdk } = await import('./sdk.js');
  runtime = await startSdk(options);
  return true;
}

/** Exports what is buffered and stops; for the shutdown paths. A no-op when tracing is off. */
export async function shutdownTracing(): Promise<void> {
  const current = runtime;
  runtime = null;
  await current?.shutdown();
}

/**
 * Runs `fn` inside a span named `name` (a child of the active span, or of `parent` when a
 * carrier from another process is given). An exception marks the span as failed and is rethrown.
 */
export function withSpan<T>(name: string, attributes: SpanAttributes, fn: (span: SpanHandle) => Promise<T>, parent?: TraceCarrier): Promise<T> {
  return runtime ? runtime.withSpan(name, attributes, fn, parent) : fn(NO_SPAN);
}

/** The active span's W3C trace context, to hand to another process; undefined when not tracing. */
export function currentTraceCarrier(): TraceCarrier | undefined {
  return runtime?.carrier();
}

/** Runs `fn` with tracing suppressed (no spans of what it does, e.g. once-a-second sends). */
export function untraced<T>(fn: () => T): T {
  return runtime ? runtime.untraced(fn) : fn();
}

/** Path redaction, shared with the API's access log (no OpenTelemetry in it). */
export { redactPath } from './redact.js';
