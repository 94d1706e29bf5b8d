# The two commands. Everything else is in scripts/.
.PHONY: run test types dev

## make run: build the web app (when present) and the server, then run the product on the
## embedded PostgreSQL (or DATABASE_URL), printing the address and the API keys.
run:
	@scripts/run.sh

## make test: formatting, lints and every test suite; ends with `N passed, N failed`.
test:
	@scripts/test.sh

## make types: regenerate sdk-ts/types/database.ts from migrations/ (server gen-types on a
## fresh private cluster); make test fails while the committed file is stale.
types:
	@scripts/gen-types.sh

## make dev: for working on the app: the server (debug) on the embedded database, re-applying
## policies/ and new migrations/ when they change, plus Vite's dev server with hot reload
## proxying the API (http://localhost:5173).
dev:
	@scripts/dev.sh
