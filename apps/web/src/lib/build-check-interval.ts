/** How often a page asks the server for its build (spec 7); it also asks when it becomes visible again. */
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
