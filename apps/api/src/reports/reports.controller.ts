import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  compareQuerySchema,
  dashboardSchema,
  exportQuerySchema,
  planTrendSchema,
  runSchema,
  runComparisonSchema,
  runTelemetrySchema,
  trendQuerySchema,
  trendSeries,
  trendSeriesQuerySchema,
  trendSeriesSchema,
  type PlanTrend,
  type TrendSeries,
} from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiFileResponse, ApiJsonResponse, ApiZodQuery } from '../common/openapi/decorators.js';
import { Requires } from '../access/permissions.decorator.js';
import { ReportsService } from './reports.service.js';
import { frozenJson, sendWritten } from '../common/http/cache-control.js';

/** Each series asked of a trend, by the trend (kept for finished runs, so its series are too). */
const seriesOfTrends = new WeakMap<PlanTrend, Map<string, TrendSeries>>();

/** The JSON export: the run as GET /runs/:id shows it, with its sources' seconds (null without sources). */
const runExportSchema = runSchema.extend({ telemetrySeries: runTelemetrySchema.nullable() });

@ApiTags('reports')
@ApiBearerAuth()
@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('dashboard')
  @Requires('read')
  @ApiJsonResponse(200, dashboardSchema, [401])
  dashboard() {
    return this.reports.dashboard();
  }

  /** p50/p95/p99, error rate and RPS over a plan's runs (oldest first), with its thresholds. */
  @Get('plans/:id/trends')
  @Requires('read')
  @ApiZodQuery(trendQuerySchema)
  @ApiJsonResponse(200, planTrendSchema, [400, 401, 404])
  trend(@Param('id') id: string, @Query(new ZodPipe(trendQuerySchema, 'query')) query: z.infer<typeof trendQuerySchema>) {
    return this.reports.trend(id, query);
  }

  /**
   * One figure over the plan's runs (`stat`, default p95; `request`, default the whole run; or a
   * metric source's figure, `stat=cpu_seconds_per_1k_requests&source=api`): one point per finished run.
   */
  @Get('plans/:id/trend')
  @Requires('read')
  @ApiZodQuery(trendSeriesQuerySchema)
  @ApiJsonResponse(200, trendSeriesSchema, [400, 401, 404])
  async trendSeries(
    @Param('id') id: string,
    @Query(new ZodPipe(trendSeriesQuerySchema, 'query')) query: z.infer<typeof trendSeriesQuerySchema>,
    @Res() res: Response,
  ) {
    const trend = await this.reports.trend(id, query);
    // A trend over finished runs is kept (ReportsService.trend), and with it each series and its text.
    const bySeries = seriesOfTrends.get(trend) ?? new Map<string, TrendSeries>();
    seriesOfTrends.set(trend, bySeries);
    const which = JSON.stringify([query.stat, query.request ?? null, query.source ?? null]);
    let series = bySeries.get(which);
    if (series === undefined) {
      series = trendSeries(trend, query.stat, query.request, query.source);
      bySeries.set(which, series);
    }
    sendWritten(res, frozenJson(series));
  }

  /** `:id` (before) against `:otherId` (after): the same comparison as `/comparisons?base=:id&head=:otherId`. */
  @Get('runs/:id/compare/:otherId')
  @Requires('read')
  @ApiJsonResponse(200, runComparisonSchema, [401, 404])
  compareWith(@Param('id') id: string, @Param('otherId') otherId: string) {
    return this.reports.compare(id, otherId);
  }

  /** Two runs side by side: `base` (before) and `head` (after). */
  @Get('comparisons')
  @Requires('read')
  @ApiZodQuery(compareQuerySchema)
  @ApiJsonResponse(200, runComparisonSchema, [400, 401, 404])
  compare(@Query(new ZodPipe(compareQuerySchema, 'query')) query: z.infer<typeof compareQuerySchema>) {
    return this.reports.compare(query.base, query.head);
  }

  /** The run as a file: JSON (everything), CSV (per request) or JUnit XML (thresholds as test cases). */
  @Get('runs/:id/export')
  @Requires('read')
  @ApiZodQuery(exportQuerySchema)
  @ApiFileResponse(200, { 'application/json': runExportSchema, 'text/csv': null, 'application/xml': null }, [400, 401, 404])
  async export(
    @Param('id') id: string,
    @Query(new ZodPipe(exportQuerySchema, 'query')) query: z.infer<typeof exportQuerySchema>,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.reports.export(id, query.format);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.send(file.body);
  }
}
