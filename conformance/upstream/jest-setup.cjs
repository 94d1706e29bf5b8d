// Loaded by jest before each upstream test file (--setupFilesAfterEnv; the upstream files are
// not changed): before every test it tells the runner's gateway which test is running, so the
// runner can count as server-dependent exactly the tests that sent the server a request. The
// fetch kept here is the real one; tests may replace the global one with a mock.
const realFetch = globalThis.fetch;
const gateway = process.env.UPSTREAM_GATEWAY_URL;

beforeEach(async () => {
  const name = expect.getState().currentTestName ?? '';
  await realFetch(`${gateway}/__upstream/test`, { method: 'POST', body: name });
});
