//! Native layout timing for bench/layout.mjs. Reads graphs as JSON lines from stdin
//! (`{"widths":[..],"edges":[[s,t],..],"runs":N}`) and prints, per graph, a JSON line with the
//! median time in milliseconds, the layout's own crossing count and the edge routes.
use std::io::{BufRead, Write};
use std::time::Instant;

use graph_layout::{layout, segment_count, Spacing};

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let Ok(input) = serde_json::from_str::<serde_json::Value>(&line) else {
            continue;
        };
        let widths: Vec<f32> = input["widths"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|w| w.as_f64())
                    .map(|w| w as f32)
                    .collect()
            })
            .unwrap_or_default();
        let edges: Vec<(usize, usize)> = input["edges"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|e| {
                        Some((e.get(0)?.as_u64()? as usize, e.get(1)?.as_u64()? as usize))
                    })
                    .collect()
            })
            .unwrap_or_default();
        let runs = input["runs"].as_u64().unwrap_or(5).max(1) as usize;
        let spacing = Spacing::default();
        let mut times = Vec::with_capacity(runs);
        let mut result = None;
        for _ in 0..runs {
            let start = Instant::now();
            let l = layout(&widths, &edges, &spacing);
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            result = Some(l);
        }
        times.sort_by(f64::total_cmp);
        let Some(l) = result else { continue };
        let routes: Vec<Vec<[f32; 2]>> = l
            .edges
            .iter()
            .map(|e| e.points.iter().map(|&(x, y)| [x, y]).collect())
            .collect();
        let report = serde_json::json!({
            "median_ms": times[times.len() / 2],
            "crossings": l.crossings,
            "layers": l.layers,
            "segments": segment_count(widths.len(), &edges),
            "width": l.width,
            "height": l.height,
            "routes": routes,
        });
        let _ = writeln!(out, "{report}");
    }
}
