-- AlterTable
ALTER TABLE "Target" ADD COLUMN     "headerNames" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "secrets" TEXT,
ADD COLUMN     "variableNames" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "verificationMethod" TEXT;
