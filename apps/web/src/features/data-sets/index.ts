// Data sets: their pages, and the list for the plan editor (which offers their columns as
// {{data.<set>.<column>}}).
export { DataSetPage } from './DataSetPage';
export { DataSetsPage } from './DataSetsPage';
export { useDataSets } from './hooks';
