# Sourced by the bench scripts that run Python peers (bench-mesh.sh, bench-eliminate.sh,
# bench-relax.sh): everything scripts/venv.sh gives (`root`, `target`, pip's cache, `py_venv`),
# builds the release CLI, and defines
#   torus_obj FILE          the benches' torus: major radius 40, minor radius 15, 160 × 80 quads
#                           split into 25 600 triangles.
source "$(dirname "${BASH_SOURCE[0]}")/venv.sh"

CARGO_TARGET_DIR="$target" cargo build --release -q -p poisson-live-cli

# Vertex (i, j), 1-based number i · 80 + j + 1, sits at angle 2πi/160 around the z axis and
# 2πj/80 around the tube; each quad (i, j)–(i + 1, j + 1), wrapping round, is split into two
# triangles wound with the normal outward.
torus_obj() {
  awk -v R=40 -v r=15 -v nu=160 -v nv=80 'BEGIN {
    tau = 2 * atan2(0, -1)
    for (i = 0; i < nu; i++) {
      for (j = 0; j < nv; j++) {
        u = tau * i / nu; v = tau * j / nv
        printf "v %.9g %.9g %.9g\n", (R + r * cos(v)) * cos(u), (R + r * cos(v)) * sin(u), r * sin(v)
      }
    }
    for (i = 0; i < nu; i++) {
      for (j = 0; j < nv; j++) {
        a = i * nv + j + 1; b = ((i + 1) % nu) * nv + j + 1
        c = ((i + 1) % nu) * nv + (j + 1) % nv + 1; d = i * nv + (j + 1) % nv + 1
        printf "f %d %d %d\nf %d %d %d\n", a, b, c, a, c, d
      }
    }
  }' >"$1"
}
