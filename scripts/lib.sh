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

# The app's own settings for the server (which knows no app): its name, unless set already.
# The SQL folders (migrations/, functions/, policies/, seed/) the server finds in the working
# directory by itself.
use_app_settings() {
  export SITE_NAME="${SITE_NAME:-Havyaka Community}"
}

# Where cargo puts build output (CARGO_TARGET_DIR, else ./target).
cargo_target_dir() { echo "${CARGO_TARGET_DIR:-$(repo_root)/target}"; }

# As root with no DATA_DIR or DATABASE_URL: when a parent of the clone is private to root (a
# clone below /root), the PostgreSQL account cannot reach ./data, so the data goes to
# /var/lib/havyaka-platform/<hash of the clone's path> instead (exported as DATA_DIR).
choose_data_dir_for_root() {
  local root="$1" dir
  if [ -z "${DATA_DIR:-}" ] && [ -z "${DATABASE_URL:-}" ] && [ "$(id -u)" -eq 0 ]; then
    dir="$root"
    while [ "$dir" != "/" ]; do
      if [ "$(( $(stat -c '%a' "$dir") % 10 & 1 ))" -eq 0 ]; then
        export DATA_DIR="/var/lib/havyaka-platform/$(printf '%s' "$root" | sha256sum | cut -c1-12)"
        say "$dir is private to root: keeping data in $DATA_DIR (set DATA_DIR to choose)"
        break
      fi
      dir="$(dirname "$dir")"
    done
  fi
}

# The community app's words for the server (the engine names no app): its name in messages and
# authenticator apps, and the words that make a guessable password. Kept when already set.
app_settings() {
  export SITE_NAME="${SITE_NAME:-Havyaka Community}"
  export PASSWORD_SITE_WORDS="${PASSWORD_SITE_WORDS:-havyaka,havyak,havyakas,havyakatrust}"
}
