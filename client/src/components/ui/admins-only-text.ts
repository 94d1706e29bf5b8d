// What the admins-only notice says besides the feature's sentence (kept out of ./text.ts, which
// the first paint loads).
export const backToDashboard = 'Back to the dashboard';
