-- AlterTable
ALTER TABLE "Target" ADD COLUMN     "verifiedAddresses" TEXT[] DEFAULT ARRAY[]::TEXT[];
