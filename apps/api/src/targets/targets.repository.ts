import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../prisma/database.service.js';
import { withTenant } from '../tenancy/request-context.js';

export interface TargetRow {
  name: string;
  baseUrl: string;
  secrets: string;
  headerNames: string[];
  variableNames: string[];
}

/** Tenant-scoped: every query here only ever sees the caller's targets. */
@Injectable()
export class TargetsRepository {
  constructor(private readonly db: DatabaseService) {}

  create(input: TargetRow & { verificationToken: string }) {
    return this.db.scoped.target.create({ data: withTenant(input) });
  }

  list() {
    return this.db.scoped.target.findMany({ where: { deletedAt: null }, orderBy: { createdAt: 'desc' } });
  }

  find(id: string) {
    return this.db.scoped.target.findFirst({ where: { id, deletedAt: null } });
  }

  update(id: string, input: Partial<TargetRow> & { verifiedAt?: Date | null; verificationMethod?: string | null; verifiedAddresses?: string[] }) {
    return this.db.scoped.target.update({ where: { id }, data: input });
  }

  softDelete(id: string) {
    return this.db.scoped.target.update({ where: { id }, data: { deletedAt: new Date() } });
  }

  /** Rows from before encryption, headers still in plaintext (every tenant: a startup task). */
  legacyPlaintext() {
    return this.db.system.target.findMany({ where: { secrets: null } });
  }

  sealLegacy(id: string, data: { secrets: string; headerNames: string[]; variableNames: string[] }) {
    return this.db.system.target.update({ where: { id }, data: { ...data, headers: {} } });
  }
}
