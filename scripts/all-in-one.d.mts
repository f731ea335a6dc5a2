/** Node flags of the all-in-one server process. */
export declare const allInOneNodeFlags: readonly string[];
/** Compiles the all-in-one into one bundle; returns its path. */
export declare function buildAllInOne(): Promise<string>;
/** Builds the bundle and returns the arguments for `node` that run it. */
export declare function allInOneArgs(): Promise<string[]>;
