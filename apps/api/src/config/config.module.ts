import { Global, Module, type DynamicModule } from '@nestjs/common';
import { API_ENV, type ApiEnv } from './env.js';

/** Makes the parsed environment injectable as API_ENV. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(env: ApiEnv): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: API_ENV, useValue: env }], exports: [API_ENV] };
  }
}
