export declare const NODE_FLAGS: readonly string[];
export declare const MEMORY_ENV: Readonly<Record<string, string>>;
