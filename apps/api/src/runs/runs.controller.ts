import { Body, Controller, Get, HttpCode, Param, Post, Query, Res, Sse, type MessageEvent } from '@nestjs/common';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import { isTerminalRunStatus, runListItemSchema, runListQuerySchema, runSchema, runSeriesSchema, startRunSchema, type StartRunInput } from '@loadline/shared';
import { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiFileResponse, ApiJsonBody, ApiJsonResponse, ApiZodQuery } from '../common/openapi/decorators.js';
import { listOf } from '../common/http/list.js';
import { sendFinal, sendWritten } from '../common/http/cache-control.js';
import { CurrentAccess, CurrentCaller, type AuthenticatedCaller } from '../access/access.guard.js';
import { whileAccessHolds, type HeldAccess } from '../access/live-access.js';
import { RunsService } from './runs.service.js';
import { RunLiveService } from './run-live.service.js';
import { RunLiveHub } from './run-live-hub.js';
import { IdempotencyKey } from '../common/http/idempotency-key.js';
import { Requires } from '../access/permissions.decorator.js';

const runPageSchema = listOf(runListItemSchema).extend({ next: z.string().nullable() });

@ApiTags('runs')
@ApiBearerAuth()
@Controller()
export class RunsController {
  constructor(
    private readonly runs: RunsService,
    private readonly live: RunLiveService,
    private readonly hub: RunLiveHub,
  ) {}

  @Post('plans/:id/runs')
  @Requires('runs:start')
  @HttpCode(202)
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Retries with the same key answer the run the first call started' })
  // Optional: a run without labels against the plan's own target needs no body.
  @ApiJsonBody(startRunSchema, { required: false })
  @ApiJsonResponse(202, z.object({ run: runSchema }), [400, 401, 404, 409, 422, 503])
  async start(
    @Param('id') planId: string,
    @Body(new ZodPipe(startRunSchema, 'run start')) body: StartRunInput,
    @CurrentCaller() caller: AuthenticatedCaller,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    // Keys are the caller's: two people (or keys) using the same value do not collide.
    const scoped = idempotencyKey ? `${caller.apiKeyId ?? caller.userId}:${idempotencyKey}` : undefined;
    return {
      run: await this.runs.start(planId, caller.via === 'apiKey' ? 'API' : 'MANUAL', caller.userId, {
        idempotencyKey: scoped,
        labels: body.labels,
        targetId: body.targetId,
      }),
    };
  }

  @Get('runs')
  @Requires('read')
  @ApiZodQuery(runListQuerySchema)
  @ApiJsonResponse(200, runPageSchema, [400, 401, 404])
  async list(@Query(new ZodPipe(runListQuerySchema, 'query')) query: z.infer<typeof runListQuerySchema>, @Res() res: Response) {
    const { limit, before, from, to, ...filter } = query;
    sendWritten(res, await this.runs.page({ ...filter, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined }, limit, before));
  }

  @Get('runs/:id')
  @Requires('read')
  @ApiJsonResponse(200, runSchema, [401, 404])
  async get(@Param('id') id: string, @Res() res: Response) {
    const run = await this.runs.get(id);
    // A finished run's view is kept (run-view.ts), and with it its bytes and ETag.
    sendFinal(res, run, isTerminalRunStatus(run.status) && run.finishedAt !== null);
  }

  @Get('runs/:id/series')
  @Requires('read')
  @ApiJsonResponse(200, runSeriesSchema, [401, 404])
  async series(@Param('id') id: string, @Res() res: Response) {
    const { series, final } = await this.live.seriesOf(id);
    sendFinal(res, series, final);
  }

  /**
   * Server-Sent Events: `progress` (LiveProgress) once a second, then `end` (the run) when it
   * is over; `telemetry` (`{runId}`, at most once a second) when the target's metrics have new
   * seconds, to read GET /runs/:id/telemetry again. The first `progress` carries every second completed so far, later ones those
   * completed since, so a client that reconnects has no gap to fill. Needs the Authorization header, so browsers read it with fetch, not EventSource.
   * The stream ends (after an `access_ended` event) within a few seconds of the session or key
   * that opened it being revoked, or its member removed: the access is checked again while it runs.
   */
  @Sse('runs/:id/events')
  @Requires('read')
  @ApiFileResponse(200, { 'text/event-stream': null }, [401, 404])
  async events(@Param('id') id: string, @CurrentCaller() caller: AuthenticatedCaller, @CurrentAccess() access: HeldAccess): Promise<Observable<MessageEvent>> {
    await this.runs.get(id);
    const farewell: MessageEvent = { type: 'access_ended', data: { message: 'Your access to this run ended (signed out, key revoked or membership changed)' } };
    return this.hub
      .stream(id, caller.tenantId)
      .pipe(map((event): MessageEvent => ({ type: event.type, data: event.data })))
      .pipe(whileAccessHolds(access, 'read', farewell));
  }

  @Post('runs/:id/cancel')
  @Requires('runs:cancel')
  @HttpCode(202)
  @ApiJsonResponse(202, runSchema, [401, 404, 409])
  cancel(@Param('id') id: string) {
    return this.runs.cancel(id);
  }
}
