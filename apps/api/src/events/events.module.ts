import { Global, Module } from '@nestjs/common';
import { DomainEvents } from './domain-events.js';

/** Platform: the event bus every domain emits on (global like config and the database). */
@Global()
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class EventsModule {}
