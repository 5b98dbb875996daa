-- CreateTable
CREATE TABLE "DataSet" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DataSet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DataSetVersion" (
    "id" TEXT NOT NULL,
    "tenantId" TEXT NOT NULL,
    "dataSetId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "columns" JSONB NOT NULL,
    "rowCount" INTEGER NOT NULL,
    "bytes" INTEGER NOT NULL,
    "rows" BYTEA NOT NULL,
    "sealedSecrets" BYTEA,
    "createdById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DataSetVersion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "DataSet_tenantId_name_key" ON "DataSet"("tenantId", "name");

-- CreateIndex
CREATE INDEX "DataSetVersion_tenantId_idx" ON "DataSetVersion"("tenantId");

-- CreateIndex
CREATE UNIQUE INDEX "DataSetVersion_dataSetId_version_key" ON "DataSetVersion"("dataSetId", "version");

-- AddForeignKey
ALTER TABLE "DataSet" ADD CONSTRAINT "DataSet_tenantId_fkey" FOREIGN KEY ("tenantId") REFERENCES "Tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DataSetVersion" ADD CONSTRAINT "DataSetVersion_dataSetId_fkey" FOREIGN KEY ("dataSetId") REFERENCES "DataSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;
