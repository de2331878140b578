//! Server-sent events as the API relays them: each event's number is its id, so a client
//! that reconnects with `Last-Event-ID` misses nothing; a comment every 15 s keeps idle
//! connections open through proxies.

use std::{convert::Infallible, time::Duration};

use axum::response::sse::{Event, KeepAlive, Sse};
use futures::{Stream, StreamExt};
use serde::Serialize;

/// Relays `(id, data)` events until the stream ends or the server stops.
pub fn sse<T: Serialize>(
    events: impl Stream<Item = (i64, T)> + Send + 'static,
    stopped: impl std::future::Future<Output = ()> + Send + 'static,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let events = events.take_until(stopped).map(|(id, data)| {
        let event = Event::default().id(id.to_string());
        Ok(match serde_json::to_string(&data) {
            Ok(json) => event.data(json),
            Err(e) => event.event("error").data(format!("{{\"error\":\"{e}\"}}")),
        })
    });
    Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}
