import { SetMetadata } from '@nestjs/common';
import type { Permission } from '@loadline/shared';

export const REQUIRES = 'loadline:requires';
export const SESSION_ONLY = 'loadline:session-only';

/**
 * The permission a route needs (see PERMISSION_MIN_ROLE in packages/shared). Every route is
 * either @Public() or @Requires(...): the API refuses to start otherwise (route-permissions.ts).
 */
export const Requires = (permission: Permission) => SetMetadata(REQUIRES, permission);

/** Routes about the person rather than the organization (logout, switching): not for API keys. */
export const SessionOnly = () => SetMetadata(SESSION_ONLY, true);
