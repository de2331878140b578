//! The API server. In the embedded default it also runs the workers in-process.

/// glibc's allocator kept every 19 MiB argon2 working block of a sign-in resident
/// (measured: +19.5 MiB per sign-in, 15 -> 134 MiB after six); mimalloc returns
/// large blocks to the system.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("openapi") {
        // The document the web app's API types are generated from; needs no configuration.
        println!("{:#}", api::openapi_document());
        return Ok(());
    }
    platform::telemetry::init_tracing();
    let config = api::Config::from_env()?;
    match args.first().map(String::as_str) {
        None => {}
        Some("import") => return api::import_command::run(config, &args[1..]).await,
        Some(_) => anyhow::bail!(
            "{}\n   or: api openapi (prints the OpenAPI document)",
            api::import_command::USAGE
        ),
    }
    let app = api::App::build(config).await?;
    app.run_until(platform::telemetry::shutdown_signal()).await
}
