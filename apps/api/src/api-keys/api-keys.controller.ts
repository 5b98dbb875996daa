import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { apiKeyViewSchema, createApiKeySchema, createdApiKeySchema } from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonBody, ApiJsonResponse } from '../common/openapi/decorators.js';
import { listOf } from '../common/http/list.js';
import { CurrentCaller, type AuthenticatedCaller } from '../access/access.guard.js';
import { Requires } from '../access/permissions.decorator.js';
import { makerOf } from '../access/caller.js';
import { codeByField } from '../common/validation/code-by-field.js';
import { ApiKeysService } from './api-keys.service.js';
import { ApiKeyError, ApiKeyErrorCode } from './api-keys.errors.js';

const createKeyPipe = new ZodPipe(
  createApiKeySchema,
  'API key',
  codeByField({ role: (message, details) => new ApiKeyError(ApiKeyErrorCode.UNKNOWN_ROLE, message, details) }),
);

@ApiTags('api-keys')
@ApiBearerAuth()
@Controller('api-keys')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  @Requires('keys:manage')
  @ApiJsonResponse(200, listOf(apiKeyViewSchema), [401, 403])
  async list() {
    return { items: await this.keys.list() };
  }

  /** The secret is in this answer and nowhere else, ever. */
  @Post()
  @Requires('keys:manage')
  @ApiJsonBody(createApiKeySchema)
  @ApiJsonResponse(201, createdApiKeySchema, [400, 401, 403])
  create(@Body(createKeyPipe) body: z.infer<typeof createApiKeySchema>, @CurrentCaller() caller: AuthenticatedCaller) {
    return this.keys.create(body, { role: caller.role, ...makerOf(caller) });
  }

  /** Revokes the key: from this moment it answers 401 API_KEY_REVOKED. */
  @Delete(':id')
  @Requires('keys:manage')
  @ApiJsonResponse(200, apiKeyViewSchema, [401, 403, 404])
  revoke(@Param('id') id: string) {
    return this.keys.revoke(id);
  }
}
