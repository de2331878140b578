//! The API server as a library, so tests and the embedded mode start the real thing.

mod account_import;
mod admin;
pub mod analysis;
mod auth;
mod config;
mod drafting;
#[cfg(feature = "embedded-workers")]
mod embedded;
pub mod error;
mod export;
pub mod extract;
mod food_index;
mod food_lookup;
mod idempotency;
pub mod import_command;
mod job_answers;
mod meal_words;
mod metrics;
mod openapi;
mod owned;
mod params;
pub mod photo;
mod photo_work;
mod rate_limit;
mod routes;
mod security_headers;
mod serve;
mod sse;
mod state;
mod views;
mod web;

use std::{future::Future, net::SocketAddr, sync::Arc, time::Duration};

use anyhow::Context;
use axum::{
    Router,
    http::{HeaderValue, Method, header},
    middleware,
    response::{IntoResponse, Response},
};
use platform::config::ExposeSecret;
use tokio::{net::TcpListener, sync::watch};
use tower::Layer;
use tower_http::{
    catch_panic::CatchPanicLayer, compression::CompressionLayer, cors::CorsLayer,
    normalize_path::NormalizePathLayer, trace::TraceLayer,
};

pub use config::{Config, Secret, UploadLimits};
pub use rate_limit::{Limit, RateLimits};
pub use routes::openapi_document;
pub use serve::ConnectionLimits;
pub use state::AppState;

/// How long running requests and jobs get to finish after a shutdown signal.
const GRACE: Duration = Duration::from_secs(10);

/// A configured server with its listeners bound, ready to run.
pub struct App {
    state: AppState,
    stop: watch::Sender<bool>,
    api: TcpListener,
    admin: TcpListener,
}

impl App {
    /// Connects the database (migrating it), the queue and the progress bus, and binds
    /// both listeners.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let (db, jobs) = connect(&config).await?;
        let backlog = config.connections.backlog;
        let api = serve::listen(config.bind_addr, backlog)
            .with_context(|| format!("cannot listen on {}", config.bind_addr))?;
        let admin = serve::listen(config.admin_bind_addr, backlog)
            .with_context(|| format!("cannot listen on {}", config.admin_bind_addr))?;
        let (stop, stopping) = watch::channel(false);
        // Installed before anything records a metric (a request, or the in-process
        // workers loading a model).
        platform::telemetry::metrics();
        let stores = store::Stores::new(&db);
        // Accounts made before their look (TR39 skeletons) was kept are keyed now; any
        // drawn like an earlier one is reported, for the operator to look at.
        let look_alike = stores.users.key_skeletons().await?;
        for account in &look_alike {
            tracing::warn!(
                user_id = account.id.get(),
                username = %account.username,
                "this account is drawn like an earlier one (a look-alike name or address); \
                 it keeps its name, and no new account can take that look"
            );
        }
        let auth = auth::Auth::new(&config.signing_secret()?, stores.sessions.clone());
        let limiter = rate_limit::RateLimiter::for_queue(jobs.queue());
        // The shipped foods (catalogue, USDA, dish library) are seeded by the first start
        // of a build that ships others than the database holds; unchanged entries are not
        // rewritten, and concurrent seeding converges on the same rows. A start of the
        // same build reads none of them: parsing them all cost the start-up's memory
        // peak some 20-60 MiB (issue 51).
        let seeding_from = chrono::Utc::now().timestamp_millis();
        let seeded = stores
            .foods
            .seed_shipped(
                models::generic::SHIPPED_FOODS_FINGERPRINT,
                &models::generic::shipped_foods,
            )
            .await
            .context("cannot seed the shipped foods")?
            .unwrap_or(0);
        if seeded > 0 {
            tracing::info!(foods = seeded, "food catalogue seeded");
            // Recipes made with catalogue foods whose values changed follow them.
            stores
                .recipes
                .refresh_changed_since(seeding_from)
                .await
                .context("cannot work out recipes again")?;
        }
        let blobs = config.places.blobs().map_err(anyhow::Error::msg)?;
        let foods = Arc::new(
            platform::food_index::FoodIndex::load(stores.foods.clone())
                .await
                .context("cannot build the food search index")?,
        );
        Ok(App {
            state: AppState {
                db,
                jobs,
                stores,
                auth: Arc::new(auth),
                limiter,
                foods,
                usda: Arc::new(platform::usda::UsdaClient::new(config.usda.clone())),
                exports: export::Exports::new(config.exports_at_once),
                blobs,
                config: Arc::new(config),
                stopping,
            },
            stop,
            api,
            admin,
        })
    }

    pub fn api_addr(&self) -> SocketAddr {
        self.api
            .local_addr()
            .expect("a bound listener has an address")
    }

    pub fn admin_addr(&self) -> SocketAddr {
        self.admin
            .local_addr()
            .expect("a bound listener has an address")
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until `shutdown` resolves, then gives requests and jobs a grace period.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let App {
            state,
            stop,
            api,
            admin,
        } = self;
        let config = state.config.clone();
        tokio::spawn(async move {
            shutdown.await;
            let _ = stop.send(true);
        });
        let stopped = || state.stopped();
        state.foods.spawn_sync(&state.jobs, stopped());
        tokio::spawn(jobs::sweeper::run(
            state.jobs.clone(),
            config.job_sweep_grace,
            stopped(),
        ));
        // A fleet's workers run elsewhere: their events reach the job board over Redis.
        if let (Some(url), Some(_)) = (&config.redis_url, &config.admin_token) {
            jobs::board_log::relay(url.expose_secret(), &config.redis_namespace)?;
        }

        // Tells the server when in-process workers end; the sender is dropped unused
        // when there are none.
        let (workers_ended, workers_end) = tokio::sync::oneshot::channel::<String>();
        #[cfg(feature = "embedded-workers")]
        let workers = if config.embedded_workers {
            let shared = embedded::Shared {
                jobs: state.jobs.clone(),
                stores: state.stores.clone(),
                usda: state.usda.clone(),
                blobs: state.blobs.clone(),
                foods: Some(state.foods.clone()),
            };
            let running = embedded::spawn_workers(&config, shared, stopped())?;
            Some(tokio::spawn(async move {
                let outcome = running
                    .await
                    .unwrap_or_else(|e| Err(anyhow::anyhow!("the workers panicked: {e}")));
                let reason = outcome
                    .as_ref()
                    .err()
                    .map_or("stopped".into(), |e| e.to_string());
                let _ = workers_ended.send(reason);
                outcome
            }))
        } else {
            None
        };
        #[cfg(not(feature = "embedded-workers"))]
        let workers: Option<tokio::task::JoinHandle<anyhow::Result<()>>> = {
            drop(workers_ended);
            None
        };

        tracing::info!(
            api = %api.local_addr()?, admin = %admin.local_addr()?,
            database = state.db.engine().as_str(), queue = ?state.jobs.queue().kind(),
            photos = state.blobs.place(),
            embedded_workers = config.embedded_workers,
            "calorie tracker listening on http://{}", api.local_addr()?
        );
        let http = NormalizePathLayer::trim_trailing_slash().layer(http_router(state.clone()));
        let servers = async {
            tokio::try_join!(
                serve::serve(api, http, config.connections, stopped()),
                serve::serve(
                    admin,
                    NormalizePathLayer::trim_trailing_slash().layer(admin::router(state.clone())),
                    config.connections,
                    stopped()
                ),
            )?;
            Ok::<_, std::io::Error>(())
        };
        let stopping = state.stopping.clone();
        let workers_died = async move {
            match workers_end.await {
                Ok(reason) if !*stopping.borrow() => reason,
                // Shutting down, or no in-process workers.
                _ => std::future::pending().await,
            }
        };
        tokio::select! {
            result = servers => result?,
            () = async { stopped().await; tokio::time::sleep(GRACE).await } => {
                tracing::warn!("connections still open after the grace period; closing");
            }
            // Serving without the workers would accept jobs that never run.
            reason = workers_died => anyhow::bail!("the in-process workers ended: {reason}"),
        }
        if let Some(workers) = workers {
            match tokio::time::timeout(GRACE, workers).await {
                Ok(Ok(Err(e))) => tracing::error!(error = %e, "workers stopped with an error"),
                Ok(Err(e)) => tracing::error!(error = %e, "workers panicked"),
                Err(_) => tracing::warn!("workers did not stop within the grace period"),
                Ok(Ok(Ok(()))) => {}
            }
        }
        state.db.close().await;
        Ok(())
    }
}

/// The database the configuration names (migrated), and its job queue and progress bus.
async fn connect(config: &Config) -> anyhow::Result<(store::Database, jobs::Jobs)> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let db = store::Database::connect(config.database_url.expose_secret())
        .await
        .context("cannot open the database")?;
    db.migrate().await.context("cannot migrate the database")?;
    let jobs = jobs::Jobs::connect(
        &db,
        config.redis_url.as_ref().map(ExposeSecret::expose_secret),
        &config.redis_namespace,
    )
    .await
    .context("cannot connect the job queue")?;
    Ok((db, jobs))
}

/// The public listener: `/api/v1` and the web app, with the cross-cutting layers.
pub fn http_router(state: AppState) -> Router {
    let cors = cors(&state.config.cors_origins);
    Router::new()
        .nest("/api/v1", routes::router(state.clone()))
        .merge(web::router(&state.config.web_dir))
        .layer(middleware::from_fn(security_headers::add))
        .layer(middleware::from_fn(metrics::track))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(CompressionLayer::new())
        .layer(cors)
        .layer(TraceLayer::new_for_http())
}

fn cors(origins: &[String]) -> CorsLayer {
    let origins: Vec<HeaderValue> = origins.iter().filter_map(|o| o.parse().ok()).collect();
    CorsLayer::new()
        .allow_origin(origins)
        .allow_methods([
            Method::GET,
            Method::POST,
            Method::PUT,
            Method::PATCH,
            Method::DELETE,
        ])
        .allow_headers([
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
            header::ACCEPT,
            header::HeaderName::from_static("last-event-id"),
            header::HeaderName::from_static(extract::TIME_ZONE_HEADER),
            header::HeaderName::from_static(idempotency::HEADER),
        ])
        .max_age(Duration::from_secs(600))
}

fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    error::ApiError::internal("a request handler panicked").into_response()
}
