// The plan editor: the form, its model (spec <-> form) and the planned-load chart. It saves
// plans itself and imports no other feature; the plan pages (features/plans) host it.
export { PlanEditor } from './PlanEditor';
export { LoadProfileChart } from './LoadProfileChart';
export { scenariosToForm, specToForm } from './model/from-spec';
export { initialPlanForm } from './model/form-types';
