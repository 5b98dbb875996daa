import { Body, Controller, Get, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  createOrganizationSchema,
  membershipViewSchema,
  organizationViewSchema,
  updateOrganizationSchema,
  updateQuotasSchema,
  usageViewSchema,
} from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { CurrentSession } from '../access/access.guard.js';
import type { SessionCaller } from '../access/caller.js';
import { Requires, SessionOnly } from '../access/permissions.decorator.js';
import { OrganizationsService } from './organizations.service.js';

@ApiTags('organizations')
@ApiBearerAuth()
@Controller()
export class OrganizationsController {
  constructor(private readonly organizations: OrganizationsService) {}

  /** A new organization owned by the caller; switch to it with POST /auth/switch. */
  @Post('organizations')
  @Requires('read')
  @SessionOnly()
  @ApiJsonBody(createOrganizationSchema)
  @ApiJsonResponse(201, membershipViewSchema, [400, 401])
  async create(@Body(new ZodPipe(createOrganizationSchema)) body: z.infer<typeof createOrganizationSchema>, @CurrentSession() caller: SessionCaller) {
    const membership = await this.organizations.createFor(caller.userId, body.name);
    return { id: membership.tenant.id, name: membership.tenant.name, slug: membership.tenant.slug, role: membership.role };
  }

  @Get('organization')
  @Requires('read')
  @ApiJsonResponse(200, organizationViewSchema, [401])
  current() {
    return this.organizations.current();
  }

  @Patch('organization')
  @Requires('org:update')
  @ApiJsonBody(updateOrganizationSchema)
  @ApiJsonResponse(200, organizationViewSchema, [400, 401, 403])
  rename(@Body(new ZodPipe(updateOrganizationSchema)) body: z.infer<typeof updateOrganizationSchema>) {
    return this.organizations.rename(body.name);
  }

  @Patch('organization/quotas')
  @Requires('quotas:manage')
  @ApiJsonBody(updateQuotasSchema)
  @ApiJsonResponse(200, organizationViewSchema, [400, 401, 403])
  updateQuotas(@Body(new ZodPipe(updateQuotasSchema, 'quotas')) body: z.infer<typeof updateQuotasSchema>) {
    return this.organizations.updateQuotas(body);
  }

  @Get('usage')
  @Requires('read')
  @ApiJsonResponse(200, usageViewSchema, [401])
  usage() {
    return this.organizations.usage();
  }
}
