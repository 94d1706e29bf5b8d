// mimalloc: a request allocates many small short-lived buffers; it is measurably cheaper than
// the system allocator there (bench/rest.sh).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    server::cli::main()
}
