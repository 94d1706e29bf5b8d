# Shared helpers for the project's scripts. Source it; do not run it.

repo_root() { cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd; }

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

# Cargo may live in ~/.cargo/bin without being on PATH in non-login shells (CI).
ensure_cargo_on_path() {
  if ! command -v cargo >/dev/null 2>&1 && [ -x "${HOME:-/root}/.cargo/bin/cargo" ]; then
    export PATH="${HOME:-/root}/.cargo/bin:$PATH"
  fi
  if ! command -v cargo >/dev/null 2>&1; then
    echo "error: cargo (Rust) is not installed: install it from https://rustup.rs, then run this again" >&2
    exit 1
  fi
}

# Where cargo puts build output (CARGO_TARGET_DIR, else ./target).
cargo_target_dir() { echo "${CARGO_TARGET_DIR:-$(repo_root)/target}"; }
