import { describe, expect, it } from 'vitest';
import { diagnoseRun } from './diagnostics.js';
import { planSpecSchema } from './plan.js';
import { gotResponse, grpcStatusKey, statusKey } from './request-status.js';
import type { RequestSecond } from './series.js';
import { summarizeSeconds } from './summary.js';
import { evaluateThresholds, thresholdSchema } from './threshold.js';
import { repeat, requestSecond, second } from './test-fixtures.js';

const grpcRow = (name: string, code: number, count: number, expected = code === 0): RequestSecond => ({
  ...requestSecond(name, code, repeat(2, count), expected),
  method: 'GRPC',
});

const spec = planSpecSchema.parse({
  load: { executor: 'constant-vus', vus: 1, duration: '2s' },
  requests: [{ name: 'Say', protocol: 'grpc', method: 'echo.Echo/Say' }],
  grpc: { reflection: true },
});

const diagnose = (rows: RequestSecond[]) => {
  const seconds = [second(1, rows)];
  const summary = summarizeSeconds(seconds);
  const merged = seconds.map((sample) => ({ t: sample.t, sample, hostCpu: null, k6Cpu: null, cores: null }));
  return { summary, diagnostics: diagnoseRun({ spec, summary, seconds: merged, partial: false }) };
};

describe('request statuses across protocols', () => {
  it('keys gRPC statuses by name, apart from HTTP statuses and "no response"', () => {
    expect(statusKey({ method: 'GET', status: 0 })).toBe('0');
    expect(statusKey({ method: 'WS', status: 101 })).toBe('101');
    expect(statusKey({ method: 'GRPC', status: 0 })).toBe('grpc:OK');
    expect(statusKey({ method: 'GRPC', status: 8 })).toBe('grpc:RESOURCE_EXHAUSTED');
    expect(grpcStatusKey(42)).toBe('grpc:42');
    const { summary } = diagnose([grpcRow('Say', 0, 90), grpcRow('Say', 5, 10), requestSecond('Home', 0, repeat(1, 4))]);
    expect(summary.overall.statusCounts).toEqual({ 'grpc:OK': 90, 'grpc:NOT_FOUND': 10, '0': 4 });
  });

  it('counts gRPC OK as an answer, UNAVAILABLE and DEADLINE_EXCEEDED as none', () => {
    expect(gotResponse({ method: 'GRPC', status: 0 })).toBe(true);
    expect(gotResponse({ method: 'GRPC', status: 8 })).toBe(true);
    expect(gotResponse({ method: 'GRPC', status: 14 })).toBe(false);
    expect(gotResponse({ method: 'GRPC', status: 4 })).toBe(false);
    expect(gotResponse({ method: 'GET', status: 0 })).toBe(false);
    expect(gotResponse({ method: 'WS', status: 101 })).toBe(true);
    // A healthy gRPC run is not a run of connection errors, though OK is 0.
    expect(diagnose([grpcRow('Say', 0, 100)]).diagnostics).toEqual([]);
  });

  it('takes RESOURCE_EXHAUSTED for rate limiting, as a 429', () => {
    const { diagnostics } = diagnose([grpcRow('Say', 0, 80), grpcRow('Say', 8, 20)]);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'RATE_LIMITED',
        severity: 'critical',
        message: expect.stringContaining('20 % of requests were answered gRPC RESOURCE_EXHAUSTED'),
        evidence: { status429: 0, grpcResourceExhausted: 20, requests: 100, share: 0.2 },
      }),
    ]);
    const mixed = diagnose([grpcRow('Say', 8, 5), requestSecond('Home', 429, repeat(1, 5)), requestSecond('Home', 200, repeat(1, 90))]);
    expect(mixed.diagnostics[0]).toMatchObject({
      code: 'RATE_LIMITED',
      severity: 'critical',
      evidence: { status429: 5, grpcResourceExhausted: 5, share: 0.1 },
    });
    expect(mixed.diagnostics[0]!.message).toContain('429 Too Many Requests or gRPC RESOURCE_EXHAUSTED');
  });

  it('takes UNAVAILABLE for connection errors and unexpected UNIMPLEMENTED for a misconfiguration', () => {
    const unavailable = diagnose([grpcRow('Say', 14, 60), grpcRow('Say', 0, 40)]);
    expect(unavailable.diagnostics).toEqual([
      expect.objectContaining({ code: 'CONNECTION_ERRORS', severity: 'critical', evidence: { noResponse: 60, grpc: 60, requests: 100, share: 0.6 } }),
    ]);
    const unknownMethod = diagnose([grpcRow('Say', 12, 100)]);
    expect(unknownMethod.diagnostics).toEqual([
      expect.objectContaining({
        code: 'CONFIGURATION_ERRORS',
        severity: 'critical',
        evidence: { status401: 0, status403: 0, status404: 100, grpc: 100, requests: 100, share: 1 },
      }),
    ]);
    // A plan that expects UNAUTHENTICATED is not misconfigured by it.
    expect(diagnose([grpcRow('Say', 16, 100, true)]).diagnostics).toEqual([]);
  });

  it('judges a status_share threshold on a gRPC status', () => {
    const threshold = thresholdSchema.parse({ metric: 'status_share', status: 'grpc:RESOURCE_EXHAUSTED', op: '<', value: 0.05 });
    expect(thresholdSchema.safeParse({ ...threshold, status: 'grpc:NOPE' }).success).toBe(false);
    const { summary } = diagnose([grpcRow('Say', 0, 90), grpcRow('Say', 8, 10)]);
    expect(evaluateThresholds([threshold], summary)[0]).toMatchObject({ verdict: 'FAIL', measured: 0.1 });
  });

  it('adds up WebSocket message counts when a run has any', () => {
    const ws = summarizeSeconds([
      second(1, [requestSecond('Chat', 101, [1])], { messagesSent: 3, messagesReceived: 2 }),
      second(2, [], { messagesSent: 1, messagesReceived: 1 }),
    ]);
    expect(ws.overall).toMatchObject({ messagesSent: 4, messagesReceived: 3 });
    expect(summarizeSeconds([second(1, [requestSecond('Home', 200, [1])])]).overall).not.toHaveProperty('messagesSent');
  });

  it('lets thresholds name the connection row of a WebSocket step that awaits replies', () => {
    const plan = (request: string, messages: string[]) =>
      planSpecSchema.safeParse({
        load: { executor: 'constant-vus', vus: 1, duration: '2s' },
        requests: [{ name: 'Chat', protocol: 'ws', path: '/', messages }],
        thresholds: [{ metric: 'latency', stat: 'p95', op: '<', value: 50, request }],
      });
    expect(plan('Chat (connect)', ['hi']).success).toBe(true);
    expect(plan('Chat', ['hi']).success).toBe(true);
    // Without replies to await, the connection is the step's own row.
    expect(plan('Chat (connect)', []).success).toBe(false);
  });
});
