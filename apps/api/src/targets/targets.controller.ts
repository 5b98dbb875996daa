import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { createTargetSchema, createdTargetSchema, targetViewSchema, updateTargetSchema, verifyTargetSchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { listOf } from '../common/http/list.js';
import { TargetsService } from './targets.service.js';
import { Requires } from '../access/permissions.decorator.js';

@ApiTags('targets')
@ApiBearerAuth()
@Controller('targets')
export class TargetsController {
  constructor(private readonly targets: TargetsService) {}

  @Get()
  @Requires('read')
  @ApiJsonResponse(200, listOf(targetViewSchema), [401])
  async list() {
    return { items: await this.targets.list() };
  }

  @Post()
  @Requires('targets:write')
  @ApiJsonBody(createTargetSchema)
  @ApiJsonResponse(201, createdTargetSchema, [400, 401])
  create(@Body(new ZodPipe(createTargetSchema)) body: z.infer<typeof createTargetSchema>) {
    return this.targets.create(body);
  }

  @Get(':id')
  @Requires('read')
  @ApiJsonResponse(200, targetViewSchema, [401, 404])
  get(@Param('id') id: string) {
    return this.targets.get(id);
  }

  @Patch(':id')
  @Requires('targets:write')
  @ApiJsonBody(updateTargetSchema)
  @ApiJsonResponse(200, targetViewSchema, [400, 401, 404, 409])
  update(@Param('id') id: string, @Body(new ZodPipe(updateTargetSchema)) body: z.infer<typeof updateTargetSchema>) {
    return this.targets.update(id, body);
  }

  /**
   * Checks that the caller controls the target: the token of `verification.value` served at
   * `verification.httpUrl` or published as a TXT record at `verification.dnsName`.
   */
  @Post(':id/verify')
  @HttpCode(200)
  @Requires('targets:write')
  @ApiJsonBody(verifyTargetSchema)
  @ApiJsonResponse(200, targetViewSchema, [400, 401, 403, 404, 422])
  verify(@Param('id') id: string, @Body(new ZodPipe(verifyTargetSchema)) body: z.infer<typeof verifyTargetSchema>) {
    return this.targets.verify(id, body.method);
  }

  @Delete(':id')
  @Requires('targets:write')
  @HttpCode(204)
  @ApiJsonResponse(204, null, [401, 404])
  async remove(@Param('id') id: string): Promise<void> {
    await this.targets.remove(id);
  }
}
