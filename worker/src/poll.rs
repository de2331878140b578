//! When an idle worker asks its queue for work again: as soon as the bus says a job
//! was enqueued on its queue, and otherwise every `period` as a safety net (retries
//! that come due, a missed message, jobs of a dead worker).
//!
//! apalis's own interval strategy replaces its timer when it fires without polling the
//! new one, so no wake-up is registered and an idle worker sleeps until its next
//! heartbeat; this one polls each new timer until it is pending.

use std::{
    future::Future,
    pin::Pin,
    task::{Context, Poll},
    time::Duration,
};

use apalis::prelude::{PollSnapshot, PollStrategy};
use futures::StreamExt;
use jobs::{BusMessage, ProgressBus};
use tokio_stream::wrappers::BroadcastStream;

pub(crate) struct WakeOnWork {
    queue: &'static str,
    bus: ProgressBus,
    period: Duration,
    timer: Option<Pin<Box<tokio::time::Sleep>>>,
    messages: Option<BroadcastStream<BusMessage>>,
}

impl WakeOnWork {
    pub(crate) fn new(queue: &'static str, bus: ProgressBus, period: Duration) -> Self {
        WakeOnWork {
            queue,
            bus,
            period,
            timer: None,
            messages: None,
        }
    }

    /// Drains the bus; true when a job was enqueued on this queue (or messages were
    /// lost, which might have included one).
    fn poll_enqueued(&mut self, cx: &mut Context<'_>) -> bool {
        let bus = &self.bus;
        let messages = self
            .messages
            .get_or_insert_with(|| BroadcastStream::new(bus.subscribe()));
        let mut woken = false;
        while let Poll::Ready(Some(message)) = messages.poll_next_unpin(cx) {
            woken |= match message {
                Ok(BusMessage::Enqueued { queue }) => queue == self.queue,
                Ok(_) => false,
                Err(_lagged) => true,
            };
        }
        woken
    }

    fn poll_timer(&mut self, cx: &mut Context<'_>) -> bool {
        let mut fired = false;
        loop {
            let period = self.period;
            let timer = self
                .timer
                .get_or_insert_with(|| Box::pin(tokio::time::sleep(period)));
            match timer.as_mut().poll(cx) {
                Poll::Ready(()) => {
                    fired = true;
                    self.timer = None;
                }
                Poll::Pending => return fired,
            }
        }
    }
}

impl Clone for WakeOnWork {
    fn clone(&self) -> Self {
        WakeOnWork::new(self.queue, self.bus.clone(), self.period)
    }
}

impl PollStrategy for WakeOnWork {
    fn poll_drive(&mut self, cx: &mut Context<'_>, _: &PollSnapshot) -> Poll<Option<()>> {
        // Both are polled every time so both keep a wake-up registered.
        let enqueued = self.poll_enqueued(cx);
        let due = self.poll_timer(cx);
        if enqueued || due {
            Poll::Ready(Some(()))
        } else {
            Poll::Pending
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn next_wake(strategy: &mut WakeOnWork) {
        let snapshot = PollSnapshot::default();
        std::future::poll_fn(|cx| match strategy.poll_drive(cx, &snapshot) {
            Poll::Ready(_) => Poll::Ready(()),
            Poll::Pending => Poll::Pending,
        })
        .await;
    }

    #[tokio::test(start_paused = true)]
    async fn the_timer_fires_every_period_not_only_once() {
        let mut strategy = WakeOnWork::new(
            "probe",
            ProgressBus::in_process(),
            Duration::from_millis(100),
        );
        let started = tokio::time::Instant::now();
        for _ in 0..5 {
            next_wake(&mut strategy).await;
        }
        assert_eq!(started.elapsed(), Duration::from_millis(500));
    }

    #[tokio::test(start_paused = true)]
    async fn a_job_on_its_queue_wakes_it_at_once() {
        let bus = ProgressBus::in_process();
        let mut strategy = WakeOnWork::new("probe", bus.clone(), Duration::from_secs(60));
        let snapshot = PollSnapshot::default();
        // Subscribe and arm the timer.
        let first =
            std::future::poll_fn(|cx| Poll::Ready(strategy.poll_drive(cx, &snapshot))).await;
        assert!(first.is_pending());
        let other = BusMessage::Enqueued {
            queue: "send-mail".into(),
        };
        bus.publish(other).await.unwrap();
        let ours = BusMessage::Enqueued {
            queue: "probe".into(),
        };
        bus.publish(ours).await.unwrap();
        let started = tokio::time::Instant::now();
        next_wake(&mut strategy).await;
        assert_eq!(started.elapsed(), Duration::ZERO);
        // Only our queue's message counted: the next wake is the timer's.
        let after =
            std::future::poll_fn(|cx| Poll::Ready(strategy.poll_drive(cx, &snapshot))).await;
        assert!(after.is_pending());
    }
}
