use std::time::Duration;

use jobs::JobStep;
use jobs::payloads::{Probe, ProbeReport};
use serde_json::{Map, json};

use super::JobHandler;
use crate::{JobContext, JobError, WorkerDeps};

impl JobHandler for Probe {
    #[tracing::instrument(skip_all, fields(job_id = %ctx.job_id(), user_id = ctx.user_id(), steps = self.steps))]
    async fn handle(self, ctx: &JobContext, deps: &WorkerDeps) -> Result<ProbeReport, JobError> {
        let steps = self.steps.max(1);
        for step in 1..=steps {
            tokio::time::sleep(Duration::from_millis(self.step_delay_ms)).await;
            let mut fields = Map::new();
            fields.insert("worker".into(), json!(deps.worker_name));
            fields.insert("step_index".into(), json!(step));
            let percent = u8::try_from(u32::from(step) * 100 / u32::from(steps)).unwrap_or(100);
            ctx.progress(
                JobStep::Probe,
                percent,
                format!("Step {step} of {steps}"),
                fields,
            )
            .await?;
        }
        Ok(ProbeReport {
            worker: deps.worker_name.clone(),
            pid: std::process::id(),
            steps,
        })
    }
}
