import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { RunQueueModule } from '../run-queue/run-queue.module.js';

@Module({ imports: [RunQueueModule], controllers: [HealthController] })
export class HealthModule {}
