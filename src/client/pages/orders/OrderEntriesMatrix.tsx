/** The orders' colour x size entries are the engine's matrix editor (src/client/grid/MatrixEntries.tsx). */
export { MatrixEntries as OrderEntriesMatrix } from '../../grid/MatrixEntries';
