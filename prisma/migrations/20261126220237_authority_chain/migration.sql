-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "createdByApiKeyId" TEXT,
ADD COLUMN     "rootUserId" TEXT;

-- AlterTable
ALTER TABLE "Invite" ADD COLUMN     "createdByApiKeyId" TEXT,
ADD COLUMN     "rootUserId" TEXT;

-- AlterTable
ALTER TABLE "ShareLink" ADD COLUMN     "createdByApiKeyId" TEXT,
ADD COLUMN     "rootUserId" TEXT;

-- AlterTable
ALTER TABLE "Trigger" ADD COLUMN     "createdByApiKeyId" TEXT,
ADD COLUMN     "rootUserId" TEXT;

-- CreateTable
CREATE TABLE "PasswordReset" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "rootUserId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "PasswordReset_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PasswordReset_tokenHash_key" ON "PasswordReset"("tokenHash");

-- CreateIndex
CREATE INDEX "PasswordReset_tenantId_userId_idx" ON "PasswordReset"("tenantId", "userId");

-- CreateIndex
CREATE INDEX "PasswordReset_tenantId_rootUserId_idx" ON "PasswordReset"("tenantId", "rootUserId");

-- CreateIndex
CREATE INDEX "ApiKey_tenantId_rootUserId_idx" ON "ApiKey"("tenantId", "rootUserId");

-- CreateIndex
CREATE INDEX "Invite_tenantId_rootUserId_idx" ON "Invite"("tenantId", "rootUserId");

-- CreateIndex
CREATE INDEX "ShareLink_tenantId_rootUserId_idx" ON "ShareLink"("tenantId", "rootUserId");

-- CreateIndex
CREATE INDEX "Trigger_tenantId_rootUserId_idx" ON "Trigger"("tenantId", "rootUserId");

-- AddForeignKey
ALTER TABLE "PasswordReset" ADD CONSTRAINT "PasswordReset_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PasswordReset" ADD CONSTRAINT "PasswordReset_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the person at the root of every key, invite, trigger and share link made before
-- this release, then the chain applied as if it had been recorded all along. A key records
-- no person when a key made it, but the audit log recorded the key that did
-- (api_key.created / member.invited with actorApiKeyId), so chains are followed through it.
-- What no root can be found for (a key whose maker's audit event is gone; a trigger or share
-- link made by a key, which was never audited) is revoked: no person vouches for its power,
-- and keeping it would keep exactly the hole this closes. Each organization's audit log says
-- what was revoked or capped (authority.backfilled). Pure SQL, so the release before this one
-- keeps working while it runs (the new columns are nullable).

UPDATE "ApiKey" k SET "createdByApiKeyId" = a."actorApiKeyId"
FROM "AuditEvent" a
WHERE k."createdById" IS NULL AND a.action = 'api_key.created' AND a."subjectId" = k.id
  AND a."tenantId" = k."tenantId" AND a."actorApiKeyId" IS NOT NULL;

WITH RECURSIVE chain(id, root) AS (
  SELECT id, "createdById" FROM "ApiKey" WHERE "createdById" IS NOT NULL
  UNION
  SELECT k.id, chain.root FROM "ApiKey" k JOIN chain ON k."createdByApiKeyId" = chain.id WHERE k."createdById" IS NULL
)
UPDATE "ApiKey" k SET "rootUserId" = chain.root FROM chain WHERE chain.id = k.id;

UPDATE "Invite" i SET "createdByApiKeyId" = a."actorApiKeyId"
FROM "AuditEvent" a
WHERE i."createdById" IS NULL AND a.action = 'member.invited' AND a."subjectId" = i.id
  AND a."tenantId" = i."tenantId" AND a."actorApiKeyId" IS NOT NULL;
UPDATE "Invite" SET "rootUserId" = "createdById" WHERE "createdById" IS NOT NULL;
UPDATE "Invite" i SET "rootUserId" = k."rootUserId" FROM "ApiKey" k WHERE i."rootUserId" IS NULL AND i."createdByApiKeyId" = k.id;
UPDATE "Trigger" SET "rootUserId" = "createdById" WHERE "createdById" IS NOT NULL;
UPDATE "ShareLink" SET "rootUserId" = "createdById" WHERE "createdById" IS NOT NULL;

-- What the chain takes, per organization, for its audit event. Roles compare in the enum's
-- order (OWNER < ADMIN < MEMBER < VIEWER): a smaller role is a more powerful one.
CREATE TEMP TABLE "_authority_backfill" ("tenantId" TEXT, kind TEXT, item TEXT);

WITH revoked AS (
  UPDATE "ApiKey" k SET "revokedAt" = now()
  WHERE k."revokedAt" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "Membership" m WHERE m."tenantId" = k."tenantId" AND m."userId" = k."rootUserId")
  RETURNING k."tenantId", k.id, k.role
)
INSERT INTO "_authority_backfill" SELECT "tenantId", 'apiKeysRevoked', id || ' (' || role || ')' FROM revoked;

WITH capped AS (
  UPDATE "ApiKey" k SET role = c.root_role
  FROM (
    SELECT k2.id, k2.role AS old_role, m.role AS root_role
    FROM "ApiKey" k2 JOIN "Membership" m ON m."tenantId" = k2."tenantId" AND m."userId" = k2."rootUserId"
    WHERE k2."revokedAt" IS NULL AND k2.role < m.role
  ) c
  WHERE k.id = c.id
  RETURNING k."tenantId", k.id, c.old_role
)
INSERT INTO "_authority_backfill" SELECT "tenantId", 'apiKeysCapped', id || ' (' || old_role || ')' FROM capped;

WITH revoked AS (
  UPDATE "Invite" i SET "revokedAt" = now()
  WHERE i."revokedAt" IS NULL AND i."acceptedAt" IS NULL AND i."expiresAt" > now()
    AND NOT EXISTS (
      SELECT 1 FROM "Membership" m WHERE m."tenantId" = i."tenantId" AND m."userId" = i."rootUserId" AND m.role <= i.role
    )
  RETURNING i."tenantId", i.id, i.role
)
INSERT INTO "_authority_backfill" SELECT "tenantId", 'invitesRevoked', id || ' (' || role || ')' FROM revoked;

-- Triggers start runs and share links publish reports: both need at least MEMBER.
WITH revoked AS (
  UPDATE "Trigger" t SET "revokedAt" = now()
  WHERE t."revokedAt" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "Membership" m WHERE m."tenantId" = t."tenantId" AND m."userId" = t."rootUserId" AND m.role <> 'VIEWER')
  RETURNING t."tenantId", t.id
)
INSERT INTO "_authority_backfill" SELECT "tenantId", 'triggersRevoked', id FROM revoked;

WITH revoked AS (
  UPDATE "ShareLink" s SET "revokedAt" = now()
  WHERE s."revokedAt" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "Membership" m WHERE m."tenantId" = s."tenantId" AND m."userId" = s."rootUserId" AND m.role <> 'VIEWER')
  RETURNING s."tenantId", s.id
)
INSERT INTO "_authority_backfill" SELECT "tenantId", 'shareLinksRevoked', id FROM revoked;

INSERT INTO "AuditEvent" (id, "tenantId", action, "subjectType", "subjectId", details)
SELECT 'backfill' || md5("tenantId" || clock_timestamp()::text), "tenantId", 'authority.backfilled', 'organization', "tenantId", jsonb_object_agg(kind, items)
FROM (SELECT "tenantId", kind, jsonb_agg(item ORDER BY item) AS items FROM "_authority_backfill" GROUP BY "tenantId", kind) per_kind
GROUP BY "tenantId";

DROP TABLE "_authority_backfill";

-- Share links expire by default from this release on (30 days, at most 365). Links that never
-- expired get a year from when they were made, and at least 30 days from the upgrade, so no
-- link shared before it stops without notice.
UPDATE "ShareLink" SET "expiresAt" = GREATEST("createdAt" + interval '365 days', now() + interval '30 days') WHERE "expiresAt" IS NULL;
