import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'loadline:isPublic';
/** Marks a route that needs no session or API key. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
