import { defineConfig } from 'prisma/config';

// Prisma 7 reads the connection URL from here. `prisma generate` needs none.
export default defineConfig({
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://loadline:loadline@127.0.0.1:5432/loadline' },
});
