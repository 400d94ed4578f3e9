/** Types of the exports of architecture-metrics.mjs that TypeScript code uses (the layer test). */
export type LayerImport = { from: string; to: string; reason: string; typeOnly: boolean; dynamic: boolean };
export type LayerSide = { count: number; typeOnly: number; byPair: Record<string, number>; imports: LayerImport[] };
export declare const CLIENT_LAYERS: Record<string, number>;
export declare const SERVER_LAYERS: Record<string, number>;
/** Figure 5: imports running back up the layers, per side. */
export declare function measureLayerImports(): { client: LayerSide; server: LayerSide };
/** The relative and package imports of a source text. */
export declare function importsInText(text: string): Array<{ line: number; spec: string; typeOnly: boolean; dynamic?: boolean }>;
/** Why an import from one repository path to another runs back up ('api -> app', 'across', ...), or null. */
export declare function backUp(from: string, to: string): string | null;
/** Figure 4: raw writes of tables, per file (the one-writer test). */
export type RawWrite = { line: number; verb: string; table: string | null; registry: boolean };
export type RawWriteFile = { file: string; kind: 'writer' | 'migration' | 'other'; all: number; registry: number; notLiteral: number; writes: RawWrite[] };
export type RawWrites = { registryTables: number; registryOutsideWriter: number; notLiteralOutsideWriter: number; allRawWrites: number; inWriter: number; inMigrations: { all: number; registry: number }; files: RawWriteFile[] };
export declare const WRITER_FILES: string[];
export declare function listSources(): string[];
export declare function measureRawWrites(files?: string[]): RawWrites;
