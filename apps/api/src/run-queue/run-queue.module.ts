import { Module } from '@nestjs/common';
import { RunQueueService } from './run-queue.service.js';
import { RunnersController } from './runners.controller.js';

/** How runs reach runners: the line, reservations, start and stop signals (see run-queue.service.ts). */
@Module({
  controllers: [RunnersController],
  providers: [RunQueueService],
  exports: [RunQueueService],
})
export class RunQueueModule {}
