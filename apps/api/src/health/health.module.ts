import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';
import { RunQueueModule } from '../run-queue/run-queue.module.js';

@Module({ imports: [RunQueueModule], controllers: [HealthController], providers: [HealthService] })
export class HealthModule {}
