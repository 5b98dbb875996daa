import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createShareSchema, createTrendShareSchema, createdShareSchema, isTerminalRunStatus, publicShareSchema, shareViewSchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { listOf } from '../common/http/list.js';
import { PublicUrl } from '../common/http/public-url.js';
import { revalidateWhenFinal } from '../common/http/cache-control.js';
import { CurrentCaller } from '../access/access.guard.js';
import { makerOf, type Caller } from '../access/caller.js';
import { Public } from '../access/public.decorator.js';
import { Requires } from '../access/permissions.decorator.js';
import { SharesService } from './shares.service.js';

@ApiTags('shares')
@Controller()
export class SharesController {
  constructor(
    private readonly shares: SharesService,
    private readonly publicUrl: PublicUrl,
  ) {}

  /** A public link to the run's report; the token is in this answer only. */
  @Post('runs/:id/share-links')
  @Requires('shares:manage')
  @ApiBearerAuth()
  @ApiJsonBody(createShareSchema)
  @ApiJsonResponse(201, createdShareSchema, [400, 401, 403, 404])
  shareRun(
    @Param('id') id: string,
    @Body(new ZodPipe(createShareSchema)) body: z.infer<typeof createShareSchema>,
    @CurrentCaller() caller: Caller,
    @Req() req: Request,
  ) {
    return this.shares.create({ runId: id }, body, makerOf(caller), this.publicUrl.of(req));
  }

  /** A public link to the plan's trend page, on its own target or another (`targetId`). */
  @Post('plans/:id/share-links')
  @Requires('shares:manage')
  @ApiBearerAuth()
  @ApiJsonBody(createTrendShareSchema)
  @ApiJsonResponse(201, createdShareSchema, [400, 401, 403, 404])
  sharePlan(
    @Param('id') id: string,
    @Body(new ZodPipe(createTrendShareSchema)) body: z.infer<typeof createTrendShareSchema>,
    @CurrentCaller() caller: Caller,
    @Req() req: Request,
  ) {
    return this.shares.create({ planId: id, targetId: body.targetId }, body, makerOf(caller), this.publicUrl.of(req));
  }

  @Get('share-links')
  @Requires('read')
  @ApiBearerAuth()
  @ApiJsonResponse(200, listOf(shareViewSchema), [401])
  async list() {
    return { items: await this.shares.list() };
  }

  /** Revokes the link: from now on it answers 404. */
  @Delete('share-links/:id')
  @HttpCode(204)
  @Requires('shares:manage')
  @ApiBearerAuth()
  @ApiJsonResponse(204, null, [401, 403, 404])
  async revoke(@Param('id') id: string): Promise<void> {
    await this.shares.revoke(id);
  }

  /** What a share link shows, without login; crawlers are told not to index it. */
  @Public()
  @Get('public/reports/:token')
  @ApiJsonResponse(200, publicShareSchema, [404])
  async open(@Param('token') token: string, @Res({ passthrough: true }) res: Response) {
    res.setHeader('X-Robots-Tag', 'noindex, nofollow, noarchive');
    const shared = await this.shares.open(token);
    // A trend grows with every run; a finished run's report is final (a revoked link answers 404 on the next ask).
    revalidateWhenFinal(res, shared.kind === 'run' && isTerminalRunStatus(shared.run.status));
    return shared;
  }

  // The first paths these routes had (`shares`), kept for clients written against them.

  @Post('runs/:id/shares')
  @Requires('shares:manage')
  @ApiBearerAuth()
  @ApiOperation({ deprecated: true, summary: 'Same as POST /runs/{id}/share-links' })
  @ApiJsonBody(createShareSchema)
  @ApiJsonResponse(201, createdShareSchema, [400, 401, 403, 404])
  shareRunAtFormerPath(
    @Param('id') id: string,
    @Body(new ZodPipe(createShareSchema)) body: z.infer<typeof createShareSchema>,
    @CurrentCaller() caller: Caller,
    @Req() req: Request,
  ) {
    return this.shareRun(id, body, caller, req);
  }

  @Post('plans/:id/shares')
  @Requires('shares:manage')
  @ApiBearerAuth()
  @ApiOperation({ deprecated: true, summary: 'Same as POST /plans/{id}/share-links' })
  @ApiJsonBody(createShareSchema)
  @ApiJsonResponse(201, createdShareSchema, [400, 401, 403, 404])
  sharePlanAtFormerPath(
    @Param('id') id: string,
    @Body(new ZodPipe(createShareSchema)) body: z.infer<typeof createShareSchema>,
    @CurrentCaller() caller: Caller,
    @Req() req: Request,
  ) {
    return this.sharePlan(id, body, caller, req);
  }

  @Get('shares')
  @Requires('read')
  @ApiBearerAuth()
  @ApiOperation({ deprecated: true, summary: 'Same as GET /share-links' })
  @ApiJsonResponse(200, listOf(shareViewSchema), [401])
  listAtFormerPath() {
    return this.list();
  }

  @Delete('shares/:id')
  @HttpCode(204)
  @Requires('shares:manage')
  @ApiBearerAuth()
  @ApiOperation({ deprecated: true, summary: 'Same as DELETE /share-links/{id}' })
  @ApiJsonResponse(204, null, [401, 403, 404])
  revokeAtFormerPath(@Param('id') id: string): Promise<void> {
    return this.revoke(id);
  }

  @Public()
  @Get('public/shares/:token')
  @ApiOperation({ deprecated: true, summary: 'Same as GET /public/reports/{token}' })
  @ApiJsonResponse(200, publicShareSchema, [404])
  openAtFormerPath(@Param('token') token: string, @Res({ passthrough: true }) res: Response) {
    return this.open(token, res);
  }
}
