// The sort most record lists start with.

/** Newest first: by `created_at`, descending. */
export const NEWEST_FIRST = { id: 'created_at', desc: true };
