#!/bin/sh
# Trims `pnpm deploy --prod` output for the final images. @prisma/client declares the Prisma
# CLI as a peer, so a production install drags in the CLI, Prisma Studio, TypeScript and a
# WASM PostgreSQL (~170 MB) that the generated client never loads: the API uses the driver
# adapter (@prisma/adapter-pg) and the migrations run through scripts/db/migrate.mjs (pg).
# Sources, test configs and source maps go too. The images test runs what remains.
set -eu
for out in "$@"; do
  rm -rf "$out/src" "$out"/tsconfig*.json "$out/vitest.config.ts" "$out/openapi.json"
  store="$out/node_modules/.pnpm"
  rm -rf "$store"/prisma@* "$store"/@prisma+studio-core* "$store"/@prisma+dev@* "$store"/@prisma+engines@* \
    "$store"/@prisma+fetch-engine@* "$store"/typescript@* "$store"/@electric-sql+pglite* "$store"/effect@*
  # Workspace packages are copied whole; keep what they publish (dist, package.json).
  for pkg in "$out"/node_modules/@loadline/*; do
    [ -d "$pkg" ] || continue
    real=$(readlink -f "$pkg")
    rm -rf "$real/src" "$real"/tsconfig*.json "$real/vitest.config.ts"
  done
  find "$out" -name '*.map' -type f -delete
  # Dangling links left by the removals would only confuse a reader of the image.
  find "$out/node_modules" -xtype l -delete
done
