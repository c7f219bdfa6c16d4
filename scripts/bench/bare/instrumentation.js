// The bare page has nothing to register (without this file Next picks up the school's instrumentation.ts from the workspace root).
export function register() {}
