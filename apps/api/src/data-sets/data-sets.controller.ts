import { Controller, Delete, Get, HttpCode, Param, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import {
  DATA_SET_CONTENT_TYPES,
  dataSetNameSchema,
  dataSetPreviewSchema,
  dataSetUploadQuerySchema,
  dataSetVersionQuerySchema,
  dataSetVersionsSchema,
  dataSetViewSchema,
} from '@loadline/shared';
import type { z } from 'zod';
import { ZodPipe } from '../common/validation/zod-body.pipe.js';
import { ApiJsonResponse, ApiZodParam, ApiZodQuery } from '../common/openapi/decorators.js';
import { listOf } from '../common/http/list.js';
import { Requires } from '../access/permissions.decorator.js';
import { DataSetsService } from './data-sets.service.js';
import { DataSetError, DataSetErrorCode } from './data-sets.errors.js';

const nameParam = () => new ZodPipe(dataSetNameSchema, 'data set name');

@ApiTags('data-sets')
@ApiBearerAuth()
@Controller('data-sets')
export class DataSetsController {
  constructor(private readonly dataSets: DataSetsService) {}

  @Get()
  @Requires('read')
  @ApiJsonResponse(200, listOf(dataSetViewSchema), [401])
  async list() {
    return { items: await this.dataSets.list() };
  }

  @Get(':name')
  @Requires('read')
  @ApiZodParam('name', dataSetNameSchema)
  @ApiJsonResponse(200, dataSetViewSchema, [400, 401, 404])
  get(@Param('name', nameParam()) name: string) {
    return this.dataSets.get(name);
  }

  @Get(':name/versions')
  @Requires('read')
  @ApiZodParam('name', dataSetNameSchema)
  @ApiJsonResponse(200, dataSetVersionsSchema, [400, 401, 404])
  async versions(@Param('name', nameParam()) name: string) {
    return { items: await this.dataSets.versions(name) };
  }

  /** The first rows of a version (the latest without `version`); secret cells are masked for everyone. */
  @Get(':name/preview')
  @Requires('read')
  @ApiZodParam('name', dataSetNameSchema)
  @ApiZodQuery(dataSetVersionQuerySchema)
  @ApiJsonResponse(200, dataSetPreviewSchema, [400, 401, 404])
  preview(@Param('name', nameParam()) name: string, @Query(new ZodPipe(dataSetVersionQuerySchema, 'query')) query: z.infer<typeof dataSetVersionQuerySchema>) {
    return this.dataSets.preview(name, query.version);
  }

  /**
   * Uploads a file as the set's next version (the first upload creates the set): the raw CSV
   * (`text/csv`, a header row) or JSON (`application/json`, an array of flat objects) as the
   * body. `secret` names columns to seal: never shown again in full. A file that is not a
   * usable data set is refused with 422 naming the line (CSV) or row (JSON), and the previous
   * version stays as it was.
   */
  @Put(':name')
  @Requires('data:write')
  @ApiZodParam('name', dataSetNameSchema)
  @ApiZodQuery(dataSetUploadQuerySchema)
  @ApiConsumes(...Object.keys(DATA_SET_CONTENT_TYPES))
  @ApiBody({ schema: { type: 'string', format: 'binary' }, required: true })
  @ApiJsonResponse(200, dataSetViewSchema, [400, 401, 403, 413, 415, 422])
  upload(
    @Param('name', nameParam()) name: string,
    @Query(new ZodPipe(dataSetUploadQuerySchema, 'query')) query: z.infer<typeof dataSetUploadQuerySchema>,
    @Req() req: Request,
  ) {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const format = DATA_SET_CONTENT_TYPES[type];
    if (!format) {
      throw new DataSetError(
        DataSetErrorCode.DATA_SET_UNSUPPORTED_TYPE,
        `Send the file as the body with Content-Type ${Object.keys(DATA_SET_CONTENT_TYPES).join(' or ')}${type ? ` (not ${type})` : ''}`,
      );
    }
    // An empty body leaves nothing for the body reader to set: an empty file, refused as such.
    const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    return this.dataSets.upload({ name, format, bytes, secret: query.secret });
  }

  @Delete(':name')
  @Requires('data:write')
  @HttpCode(204)
  @ApiZodParam('name', dataSetNameSchema)
  @ApiJsonResponse(204, null, [400, 401, 403, 404, 409])
  async remove(@Param('name', nameParam()) name: string): Promise<void> {
    await this.dataSets.remove(name);
  }
}
