/** Node flags of the all-in-one server process. */
export declare const allInOneNodeFlags: readonly string[];
/** Compiles the all-in-one into one bundle; returns its path. */
export declare function buildAllInOne(): Promise<string>;
/** Builds the bundle and returns the arguments for `node` that run it. */
export declare function allInOneArgs(): Promise<string[]>;
/** The all-in-one's environment: `env` with glibc's allocator held to one arena unless set. */
export declare function allInOneEnv(
  env?: Record<string, string | undefined>,
): Record<string, string | undefined>;
