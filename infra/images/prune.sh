#!/bin/sh
# Trims `pnpm deploy --prod` output for the final images. @prisma/client declares the Prisma
# CLI as a peer, so a production install drags in the CLI, Prisma Studio, TypeScript and a
# WASM PostgreSQL (~170 MB) that the generated client never loads: the API uses the driver
# adapter (@prisma/adapter-pg) and the migrations run through scripts/db/migrate.mjs (pg).
# Sources, test configs and source maps go too. The images test runs what remains.
set -eu
for out in "$@"; do
  # apps/runner/k6-extension is Go source (k6 itself is copied in built).
  rm -rf "$out/src" "$out"/tsconfig*.json "$out/vitest.config.ts" "$out/openapi.json" "$out/k6-extension"
  store="$out/node_modules/.pnpm"
  rm -rf "$store"/prisma@* "$store"/@prisma+studio-core* "$store"/@prisma+dev@* "$store"/@prisma+engines@* \
    "$store"/@prisma+fetch-engine@* "$store"/typescript@* "$store"/@electric-sql+pglite* "$store"/effect@*
  # @prisma/client ships a query compiler per database (~55 MB); the generated client loads
  # only PostgreSQL's (query_compiler_fast_bg.postgresql).
  for rt in "$store"/@prisma+client@*/node_modules/@prisma/client/runtime; do
    [ -d "$rt" ] || continue
    find "$rt" -name 'query_compiler_*' ! -name '*.postgresql.*' -type f -delete
  done
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
