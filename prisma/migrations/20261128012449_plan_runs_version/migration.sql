-- A plan's runs version (issue 32): a count of every change to the plan's runs, so that a page
-- of them or the plan's trend, built once, is answered again while the count holds and never
-- after it moved. Counted here, by triggers, and not by the API: every write of a Run or
-- RunFigure row counts, whichever code (or person at a psql prompt) makes it, and the count
-- commits (or rolls back) with the write itself. Statement-level triggers over transition
-- tables: one UPDATE of each plan touched per statement, however many rows it wrote (a run's
-- figures are written in one statement of ~30 rows).

-- AlterTable
ALTER TABLE "TestPlan" ADD COLUMN     "runsVersion" BIGINT NOT NULL DEFAULT 0;

CREATE FUNCTION "plan_runs_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "TestPlan" SET "runsVersion" = "runsVersion" + 1 WHERE id IN (SELECT "planId" FROM new_rows);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE "TestPlan" SET "runsVersion" = "runsVersion" + 1
     WHERE id IN (SELECT "planId" FROM new_rows UNION SELECT "planId" FROM old_rows);
  ELSE
    UPDATE "TestPlan" SET "runsVersion" = "runsVersion" + 1 WHERE id IN (SELECT "planId" FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "Run_inserted_plan_runs" AFTER INSERT ON "Run"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "plan_runs_changed"();
CREATE TRIGGER "Run_updated_plan_runs" AFTER UPDATE ON "Run"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "plan_runs_changed"();
CREATE TRIGGER "Run_deleted_plan_runs" AFTER DELETE ON "Run"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "plan_runs_changed"();

CREATE TRIGGER "RunFigure_inserted_plan_runs" AFTER INSERT ON "RunFigure"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "plan_runs_changed"();
CREATE TRIGGER "RunFigure_updated_plan_runs" AFTER UPDATE ON "RunFigure"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "plan_runs_changed"();
CREATE TRIGGER "RunFigure_deleted_plan_runs" AFTER DELETE ON "RunFigure"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "plan_runs_changed"();
