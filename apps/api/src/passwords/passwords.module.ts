import { Module } from '@nestjs/common';
import { PublicUrl } from '../common/http/public-url.js';
import { AuthModule } from '../auth/auth.module.js';
import { PasswordsController } from './passwords.controller.js';
import { PasswordsRepository } from './passwords.repository.js';
import { PasswordsService } from './passwords.service.js';

@Module({
  imports: [AuthModule],
  controllers: [PasswordsController],
  providers: [PasswordsRepository, PasswordsService, PublicUrl],
})
export class PasswordsModule {}
