import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AUDIT_ACTIONS, auditPageSchema, auditQuerySchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonResponse } from '../common/http/openapi.js';
import { Requires } from '../auth/permissions.decorator.js';
import { AuditService } from './audit.service.js';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @Requires('audit:read')
  @ApiQuery({ name: 'limit', required: false })
  @ApiQuery({ name: 'before', required: false, description: 'id of the last event of the previous page' })
  @ApiQuery({ name: 'action', required: false, enum: AUDIT_ACTIONS })
  @ApiJsonResponse(200, auditPageSchema, [400, 401, 403])
  list(@Query(new ZodPipe(auditQuerySchema, 'query')) query: z.infer<typeof auditQuerySchema>) {
    return this.audit.page(query);
  }
}
