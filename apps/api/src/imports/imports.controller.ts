import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { importedPlanSchema, importPlanSchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { Requires } from '../access/permissions.decorator.js';
import { ImportsService } from './imports.service.js';

const importPipe = new ZodPipe(importPlanSchema, 'import');

@ApiTags('plans')
@ApiBearerAuth()
@Controller('plans/import')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  /**
   * A draft plan from an OpenAPI 3 document, a HAR file or curl command lines: answered, not
   * saved. Add a targetId and send `{ name, targetId, ...spec }` to POST /plans to keep it.
   * 400 IMPORT_INVALID names where the document cannot be read.
   */
  @Post()
  @HttpCode(200)
  @Requires('plans:write')
  @ApiJsonBody(importPlanSchema)
  @ApiJsonResponse(200, importedPlanSchema, [400, 401, 403, 413])
  draft(@Body(importPipe) body: z.infer<typeof importPlanSchema>) {
    return this.imports.draft(body);
  }
}
