// A plan's pages (view, new, edit) and reading plans; the editor itself is plan-editor/.
export { EditPlanPage, NewPlanPage, type ImportedDraftState } from './PlanEditorPage';
export { PlanPage } from './PlanPage';
export { ScriptPreview } from './ScriptPreview';
export { useImportPlan, usePlan } from './hooks';
