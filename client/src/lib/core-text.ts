// What errors-core.ts says (a Kannada edition comes later), in a module of its own so that the
// first paint carries this one string and not the rest of lib/text.ts.
export const renderErrorFallback = "We're experiencing technical difficulties. Please try again.";
