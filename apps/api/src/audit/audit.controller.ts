import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { auditPageSchema, auditQuerySchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonResponse, ApiZodQuery } from '../common/openapi/decorators.js';
import { Requires } from '../access/permissions.decorator.js';
import { AuditService } from './audit.service.js';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Requires('audit:read')
  @ApiZodQuery(auditQuerySchema)
  @ApiJsonResponse(200, auditPageSchema, [400, 401, 403])
  list(@Query(new ZodPipe(auditQuerySchema, 'query')) query: z.infer<typeof auditQuerySchema>) {
    return this.audit.page(query);
  }
}
