import { Module } from '@nestjs/common';
import { PublicUrl } from '../common/http/public-url.js';
import { MembersController } from './members.controller.js';
import { MembersRepository } from './members.repository.js';
import { MembersService } from './members.service.js';
import { LogMailer, MAILER } from './mailer.js';

@Module({
  controllers: [MembersController],
  providers: [MembersRepository, MembersService, PublicUrl, { provide: MAILER, useClass: LogMailer }],
  exports: [MembersService],
})
export class MembersModule {}
