-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "recovery" JSONB;
