import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { shutdownTracing } from '@loadline/tracing';

/**
 * On SIGTERM (Nest's shutdown hooks) the spans still buffered are exported before the process
 * exits; the last requests and the shutdown itself would otherwise be lost. No-op untraced.
 */
@Injectable()
export class TracingShutdown implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await shutdownTracing();
  }
}
