//! The community app's tests live in `tests/`: its stored functions, policies and demo
//! community on the real server (`server`), with the engine's harness. This library is empty.
