//! Wakes an idle worker at a fixed period so it asks its queue for new work.
//!
//! apalis's own interval strategy replaces its timer when it fires without polling the
//! new one, so no wake-up is registered and an idle worker sleeps until its next
//! heartbeat (30 s). This one polls each new timer until it is pending.

use std::{
    future::Future,
    pin::Pin,
    task::{Context, Poll},
    time::Duration,
};

use apalis::prelude::{PollSnapshot, PollStrategy};

pub(crate) struct EveryTick {
    period: Duration,
    timer: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl EveryTick {
    pub(crate) fn new(period: Duration) -> Self {
        EveryTick {
            period,
            timer: None,
        }
    }
}

impl Clone for EveryTick {
    fn clone(&self) -> Self {
        EveryTick::new(self.period)
    }
}

impl PollStrategy for EveryTick {
    fn poll_drive(&mut self, cx: &mut Context<'_>, _: &PollSnapshot) -> Poll<Option<()>> {
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
                Poll::Pending if fired => return Poll::Ready(Some(())),
                Poll::Pending => return Poll::Pending,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn it_fires_every_period_not_only_once() {
        let mut strategy = EveryTick::new(Duration::from_millis(100));
        let snapshot = PollSnapshot::default();
        let mut fired = 0;
        for _ in 0..5 {
            std::future::poll_fn(|cx| match strategy.poll_drive(cx, &snapshot) {
                Poll::Ready(_) => Poll::Ready(()),
                Poll::Pending => Poll::Pending,
            })
            .await;
            fired += 1;
        }
        assert_eq!(fired, 5);
    }
}
