//! How one model's session answers batches of each size, on the CPU or CUDA, under the
//! provider options the workers can be given: the time of a size's first batch (what a
//! new shape costs) and of the later ones, by size. For finding out why a GPU worker is
//! slow before changing it.
//!
//!     ORT_DYLIB_PATH=.ort/libonnxruntime.so.1.31.1 \
//!     cargo run --release -p worker --example session_timing -- .models/yolox_nano_coco_batch.onnx 416
//!
//! `EP=cuda` with the onnxruntime-gpu library; `SEARCH` (exhaustive, heuristic, default),
//! `GPU_MEMORY_MB` (0: no bound), `THREADS`, `SIZES` (the batch sizes, "1 2 3 4 5 6 7 8").

use std::time::Instant;

use ort::ep::{self, ExecutionProvider as _};
use ort::session::{Session, builder::GraphOptimizationLevel};
use ort::value::TensorRef;

fn var(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.into())
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (model, side) = match args.as_slice() {
        [model, side] => (model.clone(), side.parse::<usize>()?),
        _ => anyhow::bail!("usage: session_timing MODEL.onnx SIDE"),
    };
    let library = var("ORT_DYLIB_PATH", ".ort/libonnxruntime.so.1.31.1");
    let environment = ort::init_from(&library)?.with_telemetry(false).build()?;
    let mut builder = Session::builder(&environment)?
        .with_optimization_level(GraphOptimizationLevel::Level3)
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .with_intra_threads(var("THREADS", "1").parse()?)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let execution = var("EP", "cpu");
    if execution == "cuda" {
        let mut cuda = ep::CUDA::default();
        let memory: usize = var("GPU_MEMORY_MB", "0").parse()?;
        if memory > 0 {
            cuda = cuda
                .with_memory_limit(memory * 1024 * 1024)
                .with_arena_extend_strategy(ep::ArenaExtendStrategy::SameAsRequested);
        }
        cuda = cuda.with_conv_algorithm_search(match var("SEARCH", "exhaustive").as_str() {
            "heuristic" => ep::cuda::ConvAlgorithmSearch::Heuristic,
            "default" => ep::cuda::ConvAlgorithmSearch::Default,
            _ => ep::cuda::ConvAlgorithmSearch::Exhaustive,
        });
        cuda.register(&mut builder)?;
    }
    let mut session = builder.commit_from_file(&model)?;
    let input = session.inputs()[0].name().to_owned();
    let sizes: Vec<usize> = var("SIZES", "1 2 3 4 5 6 7 8")
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    let image = 3 * side * side;
    let mut run = |n: usize| -> anyhow::Result<f64> {
        let data: Vec<f32> = (0..n * image).map(|i| (i % 255) as f32).collect();
        let tensor = TensorRef::from_array_view(([n, 3, side, side], data.as_slice()))?;
        let start = Instant::now();
        session.run(ort::inputs![input.as_str() => tensor])?;
        Ok(start.elapsed().as_secs_f64() * 1000.0)
    };
    // Each figure is printed as soon as it is known: a slow provider may not finish.
    println!("{model} on {execution}, the first batch of each size:");
    for &n in &sizes {
        println!("  batch {n}: {:.1} ms", run(n)?);
    }
    println!("then five rounds, the sizes in a new order each round:");
    for round in 0..5 {
        let mut order = sizes.clone();
        order.rotate_left(round % sizes.len());
        if round % 2 == 1 {
            order.reverse();
        }
        let times = order
            .into_iter()
            .map(|n| Ok(format!("{n}: {:.1}", run(n)?)))
            .collect::<anyhow::Result<Vec<_>>>()?;
        println!("  ms by batch size: {}", times.join(", "));
    }
    Ok(())
}
