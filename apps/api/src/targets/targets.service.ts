import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { TargetView } from '@loadline/shared';
import type { Target } from '../generated/prisma/client.js';
import { TargetsRepository, type TargetRecordInput } from './targets.repository.js';
import { TargetError } from './targets.errors.js';

export function toTargetView(target: Target): TargetView {
  return {
    id: target.id,
    name: target.name,
    baseUrl: target.baseUrl,
    headerNames: Object.keys((target.headers ?? {}) as Record<string, string>),
    verified: target.verifiedAt !== null,
    createdAt: target.createdAt.toISOString(),
  };
}

@Injectable()
export class TargetsService {
  constructor(private readonly targets: TargetsRepository) {}

  async create(input: TargetRecordInput): Promise<TargetView> {
    const target = await this.targets.create({ ...input, verificationToken: randomBytes(16).toString('hex') });
    return toTargetView(target);
  }

  async list(): Promise<TargetView[]> {
    return (await this.targets.list()).map(toTargetView);
  }

  /** The full record, headers included: for building runs, never for responses. */
  async getRecord(id: string): Promise<Target> {
    const target = await this.targets.find(id);
    if (!target) throw TargetError.notFound(id);
    return target;
  }

  async get(id: string): Promise<TargetView> {
    return toTargetView(await this.getRecord(id));
  }

  async update(id: string, input: Partial<TargetRecordInput>): Promise<TargetView> {
    await this.getRecord(id);
    return toTargetView(await this.targets.update(id, input));
  }

  async remove(id: string): Promise<void> {
    await this.getRecord(id);
    await this.targets.softDelete(id);
  }
}
