import { Injectable, RequestMethod, type OnApplicationBootstrap } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Permission } from '@loadline/shared';
import { IS_PUBLIC } from './public.decorator.js';
import { REQUIRES, SESSION_ONLY } from './permissions.decorator.js';

export interface RouteInfo {
  method: string;
  /** Relative to the API prefix, Express style: `targets/:id`. */
  path: string;
  handler: string;
  public: boolean;
  permission: Permission | null;
  sessionOnly: boolean;
}

const joinPath = (...parts: string[]) =>
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');

/** Every HTTP route of the application, with the access rule it declares. */
export function describeRoutes(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype;
    const instance = wrapper.instance as object | undefined;
    if (!controller || !instance) continue;
    const base = (Reflect.getMetadata(PATH_METADATA, controller) as string | undefined) ?? '';
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name] as (...args: unknown[]) => unknown;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (path === undefined || method === undefined) continue;
      const targets = [handler, controller];
      routes.push({
        method: RequestMethod[method],
        path: joinPath(base, path),
        handler: `${controller.name}.${name}`,
        public: reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false,
        permission: reflector.getAllAndOverride<Permission>(REQUIRES, targets) ?? null,
        sessionOnly: reflector.getAllAndOverride<boolean>(SESSION_ONLY, targets) ?? false,
      });
    }
  }
  return routes;
}

export class UndeclaredRoutePermissionError extends Error {}

/**
 * Refuses to start an API with a route that says neither @Public() nor @Requires(...): a
 * forgotten check must fail at boot (and in every test), never open a route to everyone.
 */
@Injectable()
export class RoutePermissionsCheck implements OnApplicationBootstrap {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  routes(): RouteInfo[] {
    return describeRoutes(this.discovery, this.scanner, this.reflector);
  }

  onApplicationBootstrap(): void {
    const undeclared = this.routes().filter((route) => !route.public && !route.permission);
    if (undeclared.length) {
      throw new UndeclaredRoutePermissionError(
        `routes without @Public() or @Requires(permission): ${undeclared.map((route) => `${route.method} /${route.path} (${route.handler})`).join(', ')}`,
      );
    }
  }
}
