import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';

export interface TargetRecordInput {
  name: string;
  baseUrl: string;
  headers: Record<string, string>;
}

/** Tenant-scoped: every query here only ever sees the caller's targets. */
@Injectable()
export class TargetsRepository {
  constructor(private readonly db: DatabaseService) {}

  create(input: TargetRecordInput & { verificationToken: string }) {
    return this.db.scoped.target.create({ data: withTenant(input) });
  }

  list() {
    return this.db.scoped.target.findMany({ where: { deletedAt: null }, orderBy: { createdAt: 'desc' } });
  }

  find(id: string) {
    return this.db.scoped.target.findFirst({ where: { id, deletedAt: null } });
  }

  update(id: string, input: Partial<TargetRecordInput>) {
    return this.db.scoped.target.update({ where: { id }, data: input });
  }

  softDelete(id: string) {
    return this.db.scoped.target.update({ where: { id }, data: { deletedAt: new Date() } });
  }
}
