use poisson_live::samplers::{sample, Method, SamplerParams};
fn main() {
    let m = match std::env::args().nth(1).as_deref() {
        Some("roberts") => Method::Roberts,
        Some("cone") => Method::ParentCone,
        Some("maximal") => Method::Maximal,
        _ => Method::Classic,
    };
    let p = SamplerParams {
        width: 1000.0,
        height: 1000.0,
        radius: 4.0,
        k: 30,
        seed: 123456,
    };
    let run = sample(m, p).unwrap();
    println!("{} {}", run.points.len(), run.candidates);
}
