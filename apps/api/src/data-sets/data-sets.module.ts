import { Module } from '@nestjs/common';
import { TargetsModule } from '../targets/targets.module.js';
import { DataSetsController } from './data-sets.controller.js';
import { DataSetsRepository } from './data-sets.repository.js';
import { DataSetsService } from './data-sets.service.js';

export { DataSetsService, type DataSetForRun } from './data-sets.service.js';
export { DataSetError, DataSetErrorCode } from './data-sets.errors.js';

/**
 * Test data sets (docs/plans.md#data-sets). Other domains use DataSetsService: readForRun at a
 * run's dispatch, columnsOf when a plan is saved.
 */
@Module({
  imports: [TargetsModule],
  controllers: [DataSetsController],
  providers: [DataSetsRepository, DataSetsService],
  exports: [DataSetsService],
})
export class DataSetsModule {}
