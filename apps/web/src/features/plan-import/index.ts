// Drafting a plan from OpenAPI, HAR or curl; the draft opens in the new-plan page.
export { ImportPlanPage } from './ImportPlanPage';
