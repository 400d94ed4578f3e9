/** The matrix blocks moved into the engine (src/client/grid/matrix-blocks.ts); requirement orders use them with their default layout. */
export * from '../../grid/matrix-blocks';
