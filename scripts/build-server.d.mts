/** Bundles src/server/main.ts into one ES module at `outfile` (libraries left outside). */
export function buildServer(outfile: string): Promise<void>;
