import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller.js';
import { AuditRepository } from './audit.repository.js';
import { AuditService } from './audit.service.js';
import { AuditSubscriber } from './audit-subscriber.js';

/** The audit log: records the domain events it subscribes to, and serves GET /audit. */
@Module({
  controllers: [AuditController],
  providers: [AuditRepository, AuditService, AuditSubscriber],
})
export class AuditModule {}
