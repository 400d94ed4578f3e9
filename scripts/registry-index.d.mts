/** Every index the registry is loaded through, path (from the repository root) to text (see registry-index.mjs). */
export declare function registryIndexes(): Record<string, string>;
